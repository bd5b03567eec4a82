import { AuthRegisterSchema, type AuthRegisterInput } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Button, Dialog, TextField } from '@arrendia/ui';
import styled from 'styled-components';
import { AuthForm } from './LoginDialog';
import { useRegister } from './useAuthMutations';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const EMPTY: AuthRegisterInput = { firstName: '', lastName: '', email: '', password: '' };

interface RegisterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new account's email once it exists. */
  onRegistered: (email: string) => void;
}

export function RegisterDialog({ open, onOpenChange, onRegistered }: RegisterDialogProps) {
  // A success empties the form (no onOpenChange here: onRegistered moves on to the login). The
  // server's field messages (400 validation_error, 409 email taken) show under each field.
  const form = useFormDialog({
    schema: AuthRegisterSchema,
    initialValues: EMPTY,
    mutation: useRegister((input) => onRegistered(input.email)),
    failureMessage: 'Error de registro',
  });
  const field = (name: keyof AuthRegisterInput) => ({ name, ...form.field(name) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Crear Cuenta" description="Regístrate para empezar a gestionar tus alquileres.">
      <AuthForm onSubmit={form.submit} aria-label="Crear cuenta">
        <Row>
          <TextField label="Nombre" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Apellidos" autoComplete="family-name" required {...field('lastName')} />
        </Row>
        <TextField label="Correo electrónico" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Contraseña" type="password" autoComplete="new-password" required minLength={8} hint="Mínimo 8 caracteres." {...field('password')} />
        <Button type="submit" fullWidth disabled={form.pending}>
          {form.pending ? 'Creando cuenta...' : 'Crear Cuenta'}
        </Button>
      </AuthForm>
    </Dialog>
  );
}
