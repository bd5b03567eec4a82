import type { AuthRegisterInput } from '@arrendia/api-contract';
import { readErrorBody } from '@arrendia/api-client';
import { Button, Dialog, TextField } from '@arrendia/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Form } from './LoginDialog';
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
  const [values, setValues] = useState<AuthRegisterInput>(EMPTY);
  const register = useRegister((input) => {
    setValues(EMPTY);
    onRegistered(input.email);
  });
  // The server's field messages (400 validation_error, 409 email taken) shown under each field.
  const fieldErrors = register.isError ? (readErrorBody(register.error)?.fields ?? {}) : {};

  const field = (name: keyof AuthRegisterInput) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    register.mutate(values);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Crear Cuenta" description="Regístrate para empezar a gestionar tus alquileres.">
      <Form onSubmit={submit}>
        <Row>
          <TextField label="Nombre" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Apellidos" autoComplete="family-name" required {...field('lastName')} />
        </Row>
        <TextField label="Correo electrónico" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Contraseña" type="password" autoComplete="new-password" required minLength={8} hint="Mínimo 8 caracteres." {...field('password')} />
        <Button type="submit" fullWidth disabled={register.isPending}>
          {register.isPending ? 'Creando cuenta...' : 'Crear Cuenta'}
        </Button>
      </Form>
    </Dialog>
  );
}
