import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { type CBORType, encodeCBOR } from "@levischuck/tiny-cbor";

/**
 * A WebAuthn authenticator in software, standing in for the browser + security key (or phone) a
 * person would use: it makes an ES256 (P-256) key pair, answers registration with a "none"
 * attestation and signs authentication challenges. What it sends is byte for byte what
 * `navigator.credentials.create/get` hands to @simplewebauthn/browser, serialised the way that
 * library posts it (base64url fields), so the server cannot tell it from a real one.
 *
 * Each field can be bent (origin, challenge, rp id, counter, signature) so tests can show the
 * server refusing what a phishing page, a replayed response or a cloned key would send.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01; // user present
const UV = 0x04; // user verified (PIN, fingerprint…)
const BE = 0x08; // backup eligible (a synced passkey)
const BS = 0x10; // backed up
const AT = 0x40; // attested credential data included

/** The subset of PublicKeyCredentialCreationOptionsJSON the authenticator reads. */
export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

/** The subset of PublicKeyCredentialRequestOptionsJSON the authenticator reads. */
export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

/** Deliberate departures from a well-behaved authenticator and browser. */
export interface Bend {
  /** The page origin the browser reports (a phishing site shows up here). */
  origin?: string;
  challenge?: string;
  /** The rp id whose hash goes into the authenticator data. */
  rpId?: string;
  /** "webauthn.get" on a registration, or the other way round. */
  type?: string;
  /** Sign counter to report instead of the next one. */
  signCount?: number;
  /** Corrupt the signature (a cloned credential id without the private key). */
  badSignature?: boolean;
  /** Sign with another key than the registered one. */
  signWith?: KeyObject;
}

export interface SoftwareAuthenticatorOptions {
  /** The origin the browser runs the page on, e.g. the server's BASE_URL. */
  origin: string;
  /** A synced passkey (backup eligible and backed up) rather than a device-bound key. */
  synced?: boolean;
  /** Authenticators that never count report 0 forever (common for synced passkeys). */
  counting?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  readonly options: SoftwareAuthenticatorOptions;
  signCount = 0;
  /** The user handle the server chose at registration; returned on every sign-in. */
  userHandle: string | undefined;
  rpId: string | undefined;

  constructor(options: SoftwareAuthenticatorOptions) {
    this.options = options;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** What `navigator.credentials.create()` returns, as @simplewebauthn/browser posts it. */
  register(options: RegistrationOptions, bend: Bend = {}) {
    const rpId = options.rp.id ?? new URL(this.options.origin).hostname;
    this.rpId = rpId;
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, bend);
    const authData = Buffer.concat([
      this.authDataHeader(bend.rpId ?? rpId, AT, bend.signCount ?? this.signCount),
      this.attestedCredentialData(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["internal", "hybrid"],
    });
  }

  /** What `navigator.credentials.get()` returns, as @simplewebauthn/browser posts it. */
  authenticate(options: AuthenticationOptions, bend: Bend = {}) {
    const rpId = options.rpId ?? this.rpId ?? new URL(this.options.origin).hostname;
    if (this.options.counting !== false) this.signCount += 1;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const authData = this.authDataHeader(bend.rpId ?? rpId, 0, bend.signCount ?? (this.options.counting === false ? 0 : this.signCount));
    // WebAuthn §6.3.3: the signature covers authenticatorData || SHA-256(clientDataJSON), ECDSA
    // with SHA-256, DER-encoded (node's default for EC keys).
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), bend.signWith ?? this.keys.privateKey);
    if (bend.badSignature) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  /** The PublicKeyCredential around an authenticator response, as @simplewebauthn/browser serialises it. */
  private credential<T>(response: T) {
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: bend.type ?? type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.options.origin,
        crossOrigin: false,
      }),
    );
  }

  /** rpIdHash (32) | flags (1) | signCount (4, big-endian). */
  private authDataHeader(rpId: string, extraFlags: number, signCount: number): Buffer {
    const flags = UP | UV | extraFlags | (this.options.synced ? BE | BS : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  /** aaguid (16, all zero: no make or model disclosed) | credential id length (2) | credential id | COSE public key. */
  private attestedCredentialData(): Buffer {
    const aaguid = Buffer.alloc(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, "base64url"))],
      ]),
    );
    return Buffer.concat([aaguid, idLength, this.credentialId, coseKey]);
  }
}
