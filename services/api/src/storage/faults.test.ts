/**
 * Issue 15, faults: the documents folder full or read-only. Every upload path (documents, profile
 * photos, generated reports) answers a clear 409 in Spanish, writes no row, no audit entry and
 * leaves no file; once the storage is fixed the same calls work, without a restart.
 *
 * The faults are real: the documents folder is a small tmpfs, filled up, then remounted read-only.
 * Mounting needs root (as on CI); elsewhere the file is skipped and says why.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@arrendia/api-contract';
import type supertest from 'supertest';
import { buildProperty, buildTransaction, buildUser, signIn } from '../test/factories';
import { countRows, startTestApp, type TestApp } from '../test/support';

function mountingUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount refused: ${(err as Error).message.split('\n')[0]}`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const unavailable = mountingUnavailable();
const describeWithMount = unavailable ? describe.skip : describe;
if (unavailable) console.log(`storage/faults.test.ts skipped: ${unavailable}`);

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(40_000, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20_000, 7)]);
const FULL_MESSAGE = 'No queda espacio para guardar el archivo. No se ha guardado nada; avisa al administrador de la plataforma.';
const READ_ONLY_MESSAGE = 'El almacén de documentos no admite escrituras en este momento. No se ha guardado nada; avisa al administrador de la plataforma.';

describeWithMount('the documents folder full or read-only', () => {
  let t: TestApp;
  let dir: string;
  let agent: supertest.Agent;
  let ownerId: number;
  let propertyId: number;
  let mounted = false;

  // Stored files (the empty sub-folders a first upload makes are not data).
  const files = () =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();
  const state = async () => ({
    documents: await countRows(t.knex, 'documents'),
    reports: await countRows(t.knex, 'reports'),
    audit: await countRows(t.knex, 'audit_log'),
    photo: (await t.knex('users').where('id', ownerId).first('profileImageUrl')).profileImageUrl,
    files: files(),
  });

  /** The three ways a user stores a file. */
  const uploads = {
    document: () => agent.post('/api/documents').field('category', 'contrato').field('relatedEntityType', 'property').field('relatedEntityId', String(propertyId)).attach('file', PDF, { filename: 'contrato.pdf', contentType: 'application/pdf' }),
    photo: () => agent.post('/api/settings/profile/photo').attach('file', PNG, 'yo.png'),
    report: () => agent.post('/api/reports').send({ reportType: 'financial', from: '2026-03-01', to: '2026-04-30' }),
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-faulty-documents-'));
    t = await startTestApp({ documentsDir: dir });
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    ownerId = owner.id;
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    propertyId = property.id;
    await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '950.00', transactionDate: '2026-03-10' });
    agent = await signIn(t, owner);
  });

  afterAll(async () => {
    if (mounted) execFileSync('umount', [dir]);
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('full: each upload answers 409 storage_full in Spanish and writes nothing', async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128k', 'tmpfs', dir]);
    mounted = true;
    // Fill the disk to the last byte.
    const filler = fs.openSync(path.join(dir, 'relleno'), 'w');
    try {
      for (;;) fs.writeSync(filler, Buffer.alloc(4096));
    } catch (err) {
      expect((err as { code?: string }).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(filler);
    }
    const before = await state();

    for (const [kind, upload] of Object.entries(uploads)) {
      const res = await upload();
      expect({ kind, status: res.status }).toEqual({ kind, status: 409 });
      expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'storage_full', message: FULL_MESSAGE });
    }
    expect(await state()).toEqual(before);
  });

  it('read-only: each upload answers 409 storage_read_only in Spanish and writes nothing', async () => {
    fs.rmSync(path.join(dir, 'relleno'));
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    const before = await state();

    for (const [kind, upload] of Object.entries(uploads)) {
      const res = await upload();
      expect({ kind, status: res.status }).toEqual({ kind, status: 409 });
      expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'storage_read_only', message: READ_ONLY_MESSAGE });
    }
    expect(await state()).toEqual(before);
  });

  it('fixed: the same uploads work again, with no restart', async () => {
    execFileSync('mount', ['-o', 'remount,rw', dir]);
    const before = await state();
    expect((await uploads.document()).status).toBe(201);
    expect((await uploads.photo()).status).toBe(200);
    expect((await uploads.report()).status).toBe(201);
    const after = await state();
    expect({ documents: after.documents - before.documents, reports: after.reports - before.reports, audit: after.audit - before.audit }).toEqual({ documents: 1, reports: 1, audit: 3 });
    expect(after.photo).not.toBe(before.photo);
  });
});
