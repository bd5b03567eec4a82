import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

interface AuthDialogsValue {
  openLogin: (email?: string) => void;
  openRegister: () => void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

/**
 * The login and registration dialogs of the public pages. They open and close independently;
 * `?login=1` opens the login dialog on arrival (where /api/login sends a visitor).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [loginOpen, setLoginOpen] = useState(() => searchParams.get('login') === '1');
  const [registerOpen, setRegisterOpen] = useState(false);
  const [loginEmail, setLoginEmail] = useState('');
  const next = searchParams.get('next');

  const openLogin = useCallback((email?: string) => {
    if (email !== undefined) setLoginEmail(email);
    setLoginOpen(true);
  }, []);
  const openRegister = useCallback(() => setRegisterOpen(true), []);

  const onLoginOpenChange = (open: boolean) => {
    setLoginOpen(open);
    // Closing the dialog drops ?login=1 so a reload does not open it again.
    if (!open && searchParams.has('login')) {
      const rest = new URLSearchParams(searchParams);
      rest.delete('login');
      rest.delete('next');
      setSearchParams(rest, { replace: true });
    }
  };

  const value = useMemo(() => ({ openLogin, openRegister }), [openLogin, openRegister]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <LoginDialog open={loginOpen} onOpenChange={onLoginOpenChange} next={next} initialEmail={loginEmail} onRegister={() => {
          onLoginOpenChange(false);
          setRegisterOpen(true);
        }}
      />
      <RegisterDialog
        open={registerOpen}
        onOpenChange={setRegisterOpen}
        onRegistered={(email) => {
          setRegisterOpen(false);
          openLogin(email);
        }}
      />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return value;
}
