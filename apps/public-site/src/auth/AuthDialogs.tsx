import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

// The dialogs (and the overlay code under them) load when first opened: a visitor who only reads
// the landing page downloads neither.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

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
  // Once opened, a dialog stays mounted so that it can animate out and keep its fields.
  const [loginUsed, setLoginUsed] = useState(loginOpen);
  const [registerUsed, setRegisterUsed] = useState(false);
  if (loginOpen && !loginUsed) setLoginUsed(true);
  if (registerOpen && !registerUsed) setRegisterUsed(true);

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
      {loginUsed && (
        <Suspense fallback={null}>
          <LoginDialog
            open={loginOpen}
            onOpenChange={onLoginOpenChange}
            next={next}
            initialEmail={loginEmail}
            onRegister={() => {
              onLoginOpenChange(false);
              setRegisterOpen(true);
            }}
          />
        </Suspense>
      )}
      {registerUsed && (
        <Suspense fallback={null}>
          <RegisterDialog
            open={registerOpen}
            onOpenChange={setRegisterOpen}
            onRegistered={(email) => {
              setRegisterOpen(false);
              openLogin(email);
            }}
          />
        </Suspense>
      )}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return value;
}
