import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';
import { makeOwnerOnly, ownerOnlyFolder } from '../db/owner-only.js';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** where the certificate lives, so other processes (the BFF, tests) can trust it */
  certPath: string;
}

/**
 * TLS_CERT/TLS_KEY when given; otherwise a self-signed certificate for localhost, generated once into
 * `<dataDir>/tls/` and reused so clients that trust it keep trusting it across restarts.
 */
export async function loadTls(options: { certPath?: string; keyPath?: string; dataDir: string }): Promise<TlsMaterial> {
  if (options.certPath && options.keyPath) {
    return {
      cert: readFileSync(options.certPath, 'utf8'),
      key: readFileSync(options.keyPath, 'utf8'),
      certPath: options.certPath,
    };
  }
  const dir = path.resolve(options.dataDir, 'tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  // DATA_DIR may hold nothing but this folder (with DATABASE_URL): it is owner-only all the same.
  ownerOnlyFolder(options.dataDir);
  makeOwnerOnly(dir);
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    const notAfter = new Date();
    notAfter.setFullYear(notAfter.getFullYear() + 5);
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    writeFileSync(keyPath, pems.private, { mode: 0o600 });
    writeFileSync(certPath, pems.cert, { mode: 0o600 });
  }
  return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), certPath };
}
