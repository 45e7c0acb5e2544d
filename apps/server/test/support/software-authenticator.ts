/**
 * A software WebAuthn authenticator for tests: one EC P-256 key pair (ES256), building by hand the
 * attestation ('none') and assertion responses a browser would return, as the JSON
 * `@simplewebauthn/browser` sends. Options let a test lie about the origin, relying party, user
 * handle or sign count, to check the server refuses.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface CeremonyOverrides {
  /** Origin written into the client data (default: the authenticator's origin). */
  origin?: string;
  /** Relying party id hashed into the authenticator data (default: the authenticator's). */
  rpId?: string;
  /** Challenge to sign instead of the one in the options. */
  challenge?: string;
  /** User handle to return (assertions); default: the one registered. */
  userHandle?: string;
  /** Sign count to report instead of the next one. */
  signCount?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  private userHandle = '';

  constructor(
    readonly origin = 'http://localhost:3000',
    readonly rpId = 'localhost',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    this.cosePublicKey = isoCBOR.encode(coseKey);
  }

  /** The credential id as the browser JSON writes it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer) {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(signCount, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  /** The attestation for `options` (the server's creation options), format 'none'. */
  register(
    options: { challenge: string; user: { id: string } },
    overrides: CeremonyOverrides = {},
  ): Record<string, unknown> {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: zeros, as a software authenticator
      idLength,
      this.credentialId,
      Buffer.from(this.cosePublicKey),
    ]);
    const authData = this.authenticatorData(
      overrides.rpId ?? this.rpId,
      FLAG_UP | FLAG_UV | FLAG_AT,
      overrides.signCount ?? this.counter,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientData = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The assertion for `options` (the server's request options), signed with the key. */
  authenticate(
    options: { challenge: string },
    overrides: CeremonyOverrides = {},
  ): Record<string, unknown> {
    this.counter += 1;
    const authData = this.authenticatorData(
      overrides.rpId ?? this.rpId,
      FLAG_UP | FLAG_UV,
      overrides.signCount ?? this.counter,
    );
    const clientData = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: overrides.userHandle ?? this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
