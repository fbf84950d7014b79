// The image pull policy a container (or image volume) gets by default: `Always` for a valid
// image reference whose tag is `latest` (or that has neither tag nor digest), else
// `IfNotPresent` — the reference grammar of distribution/reference as the kubelet's
// ParseImageName applies it (an invalid reference has no tag).

const ALNUM = "[a-z0-9]+";
const SEPARATOR = "(?:[._]|__|[-]+)";
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
const IPV6 = "\\[(?:[a-fA-F0-9:]+)\\]";
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|${IPV6})`;
const DOMAIN = `${HOST}(?::[0-9]+)?`;
const TAG = "[\\w][\\w.-]{0,127}";
const DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
const REFERENCE = new RegExp(`^((?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*)(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const IDENTIFIER = /^[a-f0-9]{64}$/;
/** Digest algorithms the reference parser accepts, with their hex lengths. */
const DIGEST_HEX: Record<string, number> = { sha256: 64, sha384: 96, sha512: 128 };
const MAX_NAME = 255;

/** The tag of a normalised image reference (`latest` when it has neither tag nor digest), or undefined when invalid. */
export function imageTag(image: string): string | undefined {
  if (IDENTIFIER.test(image)) return undefined;
  // The first component is a registry when it has `.` or `:`, is `localhost`, or has capitals.
  const slash = image.indexOf("/");
  const first = slash < 0 ? "" : image.slice(0, slash);
  const hasDomain = slash >= 0 && (/[.:]/.test(first) || first === "localhost" || first.toLowerCase() !== first);
  const remote = hasDomain ? image.slice(slash + 1) : image;
  const remoteName = remote.replace(/[:@].*$/, "");
  if (remoteName.toLowerCase() !== remoteName) return undefined;
  const normalised = hasDomain ? image : `docker.io/${slash < 0 ? "library/" : ""}${image}`;
  const m = REFERENCE.exec(normalised);
  if (m === null || m[1].length > MAX_NAME) return undefined;
  const [, , tag, digest] = m;
  if (digest !== undefined) {
    const [alg, hex] = digest.split(":");
    if (DIGEST_HEX[alg] !== hex.length || !/^[a-f0-9]+$/.test(hex)) return undefined;
  }
  if (tag !== undefined) return tag;
  return digest === undefined ? "latest" : "";
}

/** `Always` for the `latest` tag, else `IfNotPresent` (SetDefaults_Container, SetDefaults_Volume). */
export function defaultPullPolicy(image: string): "Always" | "IfNotPresent" {
  return imageTag(image) === "latest" ? "Always" : "IfNotPresent";
}
