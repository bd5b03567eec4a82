import { refusalOnFields } from './formErrors';

const refused = (status: number, body: object) => new Error(`${status}: ${JSON.stringify(body)}`);

describe('refusalOnFields', () => {
  it("keeps the server's field messages when it names fields", () => {
    const error = refused(400, { error: 'validation_error', message: 'Revisa los campos', fields: { currentPassword: 'La contraseña actual no es correcta' } });
    expect(refusalOnFields(error, 'code', 'No se pudo')).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
  });

  it('puts the message under the given field when the server names none, and the fallback when it sends no message', () => {
    expect(refusalOnFields(refused(409, { error: 'conflict', message: 'Primero escanea el código QR' }), 'code', 'No se pudo')).toEqual({ code: 'Primero escanea el código QR' });
    expect(refusalOnFields(new Error('502: Bad Gateway'), 'title', 'No se pudo iniciar la conversación')).toEqual({ title: 'No se pudo iniciar la conversación' });
  });
});
