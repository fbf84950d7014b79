// Expression families in the shapes admission policies use: field reads, presence tests and optional
// chains (on objects, null and scalars), comprehensions, string/list/map functions, quantities,
// IP/CIDR, URLs, semver, format, regex, overflowing arithmetic, timestamps/durations, and mutation
// values (Object{…}, JSONPatch). Each family returns one random case; deterministic per Rng.
import type { Rng } from "../../bench/rng.js";
import { objectFixtures } from "../../test/cel/differential/fixtures.js";

/** A generated case before it gets its id: the fixtures are named (see test/cel/differential/fixtures.ts). */
export interface Draft {
  expr: string;
  object?: string;
  params?: string;
  mutation?: boolean;
}

const paths: readonly string[] = [
  "object", "object.metadata", "object.metadata.name", "object.metadata.labels", "object.metadata.labels.app", "object.metadata.labels['app.kubernetes.io/name']",
  "object.metadata.annotations", "object.metadata.annotations['example.com/owner']", "object.metadata.missing", "object.spec", "object.spec.containers",
  "object.spec.containers[0]", "object.spec.containers[0].image", "object.spec.containers[1].ports", "object.spec.containers[5]", "object.spec.replicas",
  "object.spec.template.spec.containers[0].resources.limits.memory", "object.data", "object.data.url", "object.data['count']", "object.status.podIP",
  "object.spec.ports[1].targetPort", "object.spec.weights", "object.s", "object.i", "object.d", "object.b", "object.n", "object.l", "object.m", "object.big",
  "object.e", "object.eo", "object.spec.priority", "object.status", "object[0]", "object.x",
];
const optionalChains: readonly string[] = [
  "object.?metadata.?labels.?app", "object.?spec.?replicas", "object.?metadata.?labels[?'app']", "object[?'metadata']", "object.?x", "object.?s",
  "object.?metadata.?annotations.?note", "object.?spec.?containers[?0].?image", "object.?spec.?containers[?9]", "object.?status.?phase", "object.?l[?1]", "object.?n.?x",
];
const presence: readonly string[] = [
  "has(object.metadata)", "has(object.metadata.labels)", "has(object.metadata.labels.app)", "has(object.metadata.labels.missing)", "has(object.spec.replicas)",
  "has(object.x)", "has(object.s.x)", "has(object.n.x)", "has(object.i.x)", "has(object.l.x)", "has(object.metadata.annotations.note)", "has(object.status.podIP)",
  "has(object.spec.containers)", "has(object.spec)", "has(object.spec.x)", "has(object.e.x)", "has(object.eo.x)",
];

const strs = ["'web'", "'nginx'", "''", "'a/b'", "'ÄÖÜ'", "'x.y.z'", "'  sp  '", "'abcabc'", "'Hello, World'"];
const quantities = ["'1Gi'", "'500m'", "'1.5'", "'2e3'", "'100M'", "'0'", "'-1'", "'1Ei'", "'9223372036854775807'", "'12345678901234567890'", "'1k'", "'0.1'", "'1.5Gi'", "'abc'", "'1Gb'", "'.5'", "'10e'", "'1e-3'"];
const ips = ["'192.168.1.1'", "'::1'", "'2001:db8::1'", "'fe80::1%eth0'", "'::ffff:1.2.3.4'", "'10.0.0.256'", "'1.2.3'", "'127.0.0.1'", "'0.0.0.0'", "'224.0.0.1'", "'169.254.1.1'", "'2001:DB8::1'", "'01.2.3.4'", "'ff02::1'"];
const cidrs = ["'10.0.0.0/8'", "'192.168.0.0/16'", "'2001:db8::/32'", "'10.0.0.1/8'", "'1.2.3.4/33'", "'::/0'", "'0.0.0.0/0'", "'192.168.1.0/24'", "'10.0.0.0/08'", "'::ffff:10.0.0.0/104'"];
const urls = ["'https://example.com/path?x=1'", "'http://user@host:8080/a/b#frag'", "'example.com'", "'/relative/path'", "'https://[::1]:443/'", "'ftp://a.b/c%20d'", "'https://example.com:bad/'", "'https://example.com/a%2Fb?q=a%20b&q=c'", "'HTTP://EXAMPLE.COM'", "''", "'https://'", "'mailto:a@b.c'"];
const semvers = ["'1.2.3'", "'v1.2.3'", "'1.2'", "'1.2.3-alpha.1+build'", "'01.2.3'", "'1.2.3-0'", "'1.2.3-beta'", "'99999999999999999999.0.0'", "'1.0.0-rc.1'"];
const patterns = ["'^a.*z$'", "'[0-9]+'", "'(?i)abc'", "'\\\\d{2,}'", "'('", "'a{2,1}'", "'^web'", "'.*'", "'[[:alpha:]]+'", "'\\\\bfoo\\\\b'", "'x*'", "'(a)(b)?'", "'[z-a]'"];
const formats = ["'%s'", "'%d'", "'%f'", "'%.2f'", "'%.0f'", "'%e'", "'%.3e'", "'%x'", "'%X'", "'%o'", "'%b'", "'%%'", "'%s-%s'", "'%d%%'", "'%10d'", "'%q'", "'%'", "'%.f'", "'%5.2f'", "'%s %d %f'"];
const formatArgs = ["1", "-1", "1234567", "1234567.891", "0.5", "-0.125", "1e21", "3.0", "1u", "'str'", "true", "null", "b'bytes'", "[1, 2]", "['a', 'b']", "{'k': 'v'}", "duration('1.5s')", "timestamp('2024-01-02T03:04:05Z')", "int", "1.0/0.0", "-1.0/0.0", "0.0/0.0", "[]", "{}", "255", "-255", "object.metadata.labels", "object.spec.containers", "9223372036854775807", "1e-7", "[1.5, 'x', null]", "optional.of(1)"];

function argList(rng: Rng): string {
  const n = rng.weighted([[1, 6], [0, 1], [2, 2], [3, 1]] as const);
  return `[${Array.from({ length: n }, () => rng.pick(formatArgs)).join(", ")}]`;
}

/** The families, each with its relative weight. */
export const families: readonly (readonly [string, number, (rng: Rng) => Draft])[] = [
  ["field", 8, (rng) => ({ expr: rng.pick(paths), object: rng.pick(objectFixtures) })],
  ["optional", 7, (rng) => ({ expr: `${rng.pick(optionalChains)}${rng.pick(["", ".orValue('dflt')", ".hasValue()", ".value()", ".or(optional.of(1))"])}`, object: rng.pick(objectFixtures) })],
  ["presence", 7, (rng) => ({ expr: rng.pick(presence), object: rng.pick(objectFixtures) })],
  ["optional-lib", 4, (rng) => ({ expr: rng.pick([
    "optional.of(null).value()", "optional.of(null).hasValue()", "optional.ofNonZeroValue(null)", "optional.ofNonZeroValue(timestamp(0))", "optional.ofNonZeroValue(timestamp('0001-01-01T00:00:00Z'))",
    "optional.ofNonZeroValue(duration('0s'))", "optional.ofNonZeroValue([])", "optional.ofNonZeroValue({})", "optional.ofNonZeroValue('')", "optional.ofNonZeroValue(0.0)", "optional.ofNonZeroValue(false)", "optional.ofNonZeroValue(b'')",
    "[1, 2, 3].first()", "[].first()", "[1, 2, 3].last()", "['a'].last().value()", "object.spec.containers.first().?image", "optional.unwrap([optional.of(1), optional.none(), optional.of(3)])",
    "[optional.of('a'), optional.none()].unwrapOpt()", "optional.unwrap([])", "[optional.none()].unwrapOpt().size()", "object.?spec.?containers.orValue([]).first().hasValue()",
    "optional.of(1).optMap(x, x + 1)", "optional.none().optMap(x, x + 1)", "optional.of(2).optFlatMap(x, optional.of(x * 2))", "optional.of(dyn(1)).value() == 1",
  ]), object: rng.pick(["pod", "nullObject", "scalars"]) })],
  ["comprehension", 8, (rng) => {
    const list = rng.pick(["object.spec.containers", "object.spec.template.spec.containers", "object.spec.ports", "object.l", "object.ls", "object.spec.tolerations", "object.e"]);
    const map = rng.pick(["object.metadata.labels", "object.metadata.annotations", "object.data", "object.m", "object.eo", "object.spec.nodeSelector"]);
    return {
      object: rng.pick(["pod", "deployment", "configmap", "service", "scalars", "emptyLabels"]),
      expr: rng.pick([
        `${list}.exists(c, c.name == 'app')`, `${list}.all(c, has(c.image))`, `${list}.map(c, c.name)`, `${list}.filter(c, c.image.startsWith('nginx'))`,
        `${list}.exists_one(c, c.name.contains('a'))`, `${list}.map(c, c.ports.size())`, `${list}.all(c, !has(c.securityContext) || c.securityContext.runAsNonRoot)`,
        `${list}.map(c, c.name in ['app', 'api', 'sidecar'])`, `${list}.filter(x, x > 1).map(x, x * 10)`, `${list}.map(x, x.?name.orValue('none'))`,
        `${map}.all(k, k.matches('^[a-z.]+(/[a-z-]+)?$'))`, `${map}.exists(k, ${map}[k] == 'web')`, `${map}.map(k, k + '=' + ${map}[k])`, `${map}.filter(k, k.startsWith('app'))`,
        `${map}.all(k, v, v != '')`, `${map}.exists(k, v, v.size() > 3)`, `${map}.transformMap(k, v, v.upperAscii())`, `${map}.transformList(k, v, k)`,
        `${list}.all(i, c, i < 5)`, `${list}.transformList(i, c, i)`, `${list}.transformMapEntry(i, c, {string(i): c})`, `size(${list}.filter(c, true))`,
        `${list}.map(c, c.resources.?limits.?cpu.orValue('0'))`, `${list}.map(c, has(c.ports) ? c.ports.map(p, p.containerPort) : [])`,
      ]),
    };
  }],
  ["strings", 7, (rng) => {
    const s = rng.pick([...strs, "object.metadata.name", "object.data.upper", "object.data.list", "object.spec.containers[0].image"]);
    return {
      object: rng.pick(["pod", "configmap"]),
      expr: rng.pick([
        `${s}.size()`, `${s}.lowerAscii()`, `${s}.upperAscii()`, `${s}.trim()`, `${s}.split(',')`, `${s}.split('')`, `${s}.split('a', 2)`, `${s}.replace('a', 'b')`,
        `${s}.substring(1)`, `${s}.substring(2, 4)`, `${s}.charAt(0)`, `${s}.charAt(${s}.size())`, `${s}.indexOf('a')`, `${s}.indexOf('', 4)`, `${s}.indexOf('b', 1)`, `${s}.lastIndexOf('a')`,
        `${s}.lastIndexOf('', 2)`, `${s}.lastIndexOf('b', 0)`, `strings.quote(${s})`, `${s}.contains('b')`, `${s}.startsWith('web')`, `${s}.endsWith('z')`, `${s} + '-suffix'`,
        `${s}.split(',').join('|')`, `${s}.reverse()`, `${s} < 'm'`, `${s}.matches('^[a-z]+$')`, `size(${s})`, `${s}.indexOf('x', -1)`, `${s}.substring(5, 2)`, `${s}.split(':', 0)`,
      ]),
    };
  }],
  ["lists-maps", 6, (rng) => ({
    object: rng.pick(["scalars", "service", "pod"]),
    expr: rng.pick([
      "object.l.sum()", "object.l.max()", "object.ls.min()", "object.l.isSorted()", "object.ls.sort()", "object.l.indexOf(2)", "object.ls.lastIndexOf('a')",
      "[1, 2, 2, 3].distinct()", "[3, 1, 2].sort()", "[[1], [2]].sort()", "[1, 'a'].sort()", "lists.range(4).reverse()", "[1, 2, 3, 4].slice(1, 3)", "[1, 2].slice(2, 1)",
      "[[1, [2]], [3]].flatten()", "[[1, [2]], [3]].flatten(2)", "sets.equivalent([1, 2, 3], [3, 2, 1, 1])", "sets.contains([1, 2], [2])", "sets.intersects(['a'], ['b'])",
      "{'a': 1, 'a': 2}", "{'a': 1, 'b': 2}['c']", "{1: 'x', 2: 'y'}[1]", "{'k': [1, 2]}.k[1]", "object.spec.weights.sum()", "object.spec.weights.max()", "[1.5, 2].max()",
      "[1, 2, 3][3]", "[1, 2, 3][-1]", "[1, 2, 3][1u]", "[1, 2][1.0]", "object.m.size()", "'k' in object.m", "object.l + [4]", "object.l == [1, 2, 3]", "[] == []",
      "{'a': 1} == {'a': 1}", "[1, 2, 3].sum() / 0", "lists.range(3).map(i, i * i)", "[1, 2, 3].all(x, x > 0)", "[].sum()", "[].min()", "[1u, 2u].sum()", "[1.5, 2.5].sum()",
      "[duration('1s'), duration('2s')].sum()", "[duration('1s'), duration('2s')].max()", "['b', 'a'].isSorted()", "[timestamp('2024-01-01T00:00:00Z')].min()",
    ]),
  })],
  ["quantity", 6, (rng) => {
    const q = rng.pick(quantities), r = rng.pick(quantities);
    return {
      object: "pod",
      expr: rng.pick([
        `quantity(${q})`, `isQuantity(${q})`, `quantity(${q}).add(quantity(${r}))`, `quantity(${q}).sub(quantity(${r}))`, `quantity(${q}).add(${rng.pick(["1", "-5", "9223372036854775807"])})`,
        `quantity(${q}).compareTo(quantity(${r}))`, `quantity(${q}).isGreaterThan(quantity(${r}))`, `quantity(${q}).isLessThan(quantity(${r}))`, `quantity(${q}).asInteger()`,
        `quantity(${q}).isInteger()`, `quantity(${q}).asApproximateFloat()`, `sign(quantity(${q}))`, `quantity(${q}) == quantity(${r})`,
        `object.spec.containers.all(c, !has(c.resources.limits) || quantity(c.resources.limits.memory).isLessThan(quantity('1Gi')))`, `quantity(object.spec.containers[0].resources.limits.cpu).asApproximateFloat()`,
        `string(quantity(${q}))`,
      ]),
    };
  }],
  ["net", 6, (rng) => {
    const i = rng.pick(ips), c = rng.pick(cidrs);
    return {
      object: rng.pick(["pod", "configmap", "service"]),
      expr: rng.pick([
        `ip(${i})`, `isIP(${i})`, `ip.isCanonical(${i})`, `ip(${i}).family()`, `ip(${i}).isLoopback()`, `ip(${i}).isUnspecified()`, `ip(${i}).isGlobalUnicast()`,
        `ip(${i}).isLinkLocalMulticast()`, `ip(${i}).isLinkLocalUnicast()`, `string(ip(${i}))`, `ip(${i}) == ip(${rng.pick(ips)})`, `cidr(${c})`, `isCIDR(${c})`,
        `cidr(${c}).containsIP(${i})`, `cidr(${c}).containsIP(ip(${i}))`, `cidr(${c}).containsCIDR(${rng.pick(cidrs)})`, `cidr(${c}).containsCIDR(cidr(${rng.pick(cidrs)}))`,
        `cidr(${c}).prefixLength()`, `cidr(${c}).masked()`, `cidr(${c}).ip()`, `string(cidr(${c}))`, `cidr(${c}) == cidr(${rng.pick(cidrs)})`,
        "cidr(object.data.cidr).containsIP(object.data.ip)", "isIP(object.status.podIP) && ip(object.status.podIP).family() == 4", "ip(object.spec.clusterIP).isGlobalUnicast()",
        `type(ip(${i}))`, `type(cidr(${c})) == net.CIDR`, "net.IP", "type(ip('1.2.3.4')) == net.IP",
      ]),
    };
  }],
  ["url-semver", 5, (rng) => {
    const u = rng.pick(urls), v = rng.pick(semvers);
    return {
      object: "configmap",
      expr: rng.pick([
        `url(${u})`, `isURL(${u})`, `url(${u}).getScheme()`, `url(${u}).getHost()`, `url(${u}).getHostname()`, `url(${u}).getPort()`, `url(${u}).getEscapedPath()`,
        `url(${u}).getQuery()`, "url(object.data.url).getQuery()['y']", `url(${u}) == url(${rng.pick(urls)})`, `isSemver(${v})`, `isSemver(${v}, true)`, `semver(${v})`,
        `semver(${v}, true)`, `semver(${v}).major()`, `semver(${v}).minor()`, `semver(${v}).patch()`, `semver(${v}).isGreaterThan(semver('1.2.3'))`,
        `semver(${v}).compareTo(semver(${rng.pick(semvers)}))`, `semver(${v}) == semver('1.2.3')`, "semver(object.data.semver).isLessThan(semver('1.25.0'))",
      ]),
    };
  }],
  ["format", 7, (rng) => ({ object: "pod", expr: `${rng.pick(formats)}.format(${argList(rng)})` })],
  ["regex", 5, (rng) => {
    const s = rng.pick(["'abcz'", "'a1b22c333'", "'ABCabc'", "''", "object.metadata.name", "'foo bar foo'"]);
    const pat = rng.pick(patterns);
    return {
      object: "pod",
      expr: rng.pick([`${s}.matches(${pat})`, `matches(${s}, ${pat})`, `${s}.find(${pat})`, `${s}.findAll(${pat})`, `${s}.findAll(${pat}, ${rng.pick(["0", "1", "-1", "2"])})`,
        `${s}.matches(${rng.pick(["object.metadata.name", "'a' + 'b'"])})`, `${s}.find('[' + 'a-z]+')`]),
    };
  }],
  ["arith", 7, (rng) => ({
    expr: rng.pick([
      "9223372036854775807 + 1", "-9223372036854775808 - 1", "9223372036854775807 * 2", "-9223372036854775808 / -1", "-9223372036854775808 % -1", "1 / 0", "1 % 0",
      "0u - 1u", "18446744073709551615u + 1u", "1u / 0u", "1.0 / 0.0", "-1.0 / 0.0", "0.0 / 0.0", "5 % 3", "-5 % 3", "5 / -2", "2.5 * 4.0", "0.1 + 0.2",
      "int(2.5e19)", "int(-9.3e18)", "int(1.9)", "int(-1.9)", "uint(-1)", "uint(1.5)", "uint(-0.5)", "int('abc')", "int('12')", "int(' 12')", "int('+12')", "int('0x10')",
      "uint('abc')", "double('abc')", "double('1e400')", "double('0x1p3')", "double('inf')", "double('-Infinity')", "double('NaN')", "double('.5')", "double('1_000')",
      "int(18446744073709551615u)", "uint(9223372036854775807)", "-(-9223372036854775807 - 1)", "string(1e21)", "string(1e-7)", "string(123456789.0)", "string(-0.0)",
      "string(0.1 + 0.2)", "string(1.0/0.0)", "bool('true')", "bool('T')", "bool('yes')", "string(b'\\xff')", "bytes('é')", "int(timestamp('2024-01-01T00:00:00Z'))",
      "1 == 1.0", "1u == 1", "1 < 1.5", "2u > 1.5", "1.0 == 1u", "dyn(1) == dyn(1.0)", "[1] == [1.0]", "{1: 'a'}[1.0]", "{1u: 'a'}[1]", "int(1e-300)", "9007199254740993.0 == 9007199254740992",
    ]),
  })],
  ["time", 6, (rng) => ({
    expr: rng.pick([
      "timestamp('2024-01-02T03:04:05Z') + duration('1h')", "string(timestamp('2020-06-15T12:00:00+05:30'))", "timestamp('2020-06-15T12:00:00+05:30')", "timestamp('2024-01-01t00:00:00z')",
      "timestamp('2024-01-01T00:00:00z')", "timestamp('2024-01-01T00:00:00Z').getDayOfWeek()", "timestamp('2024-01-01T00:00:00Z').getFullYear('America/New_York')",
      "timestamp('2024-03-10T07:30:00Z').getHours('America/Los_Angeles')", "timestamp('2024-01-01T00:00:00Z').getHours('+05:30')", "timestamp('2024-01-01T00:00:00Z').getHours('-02:00')",
      "timestamp('2024-01-01T00:00:00Z').getMonth('Nowhere/Zone')", "timestamp('9999-12-31T23:59:59Z') + duration('1s')", "timestamp('0001-01-01T00:00:00Z') - duration('1s')",
      "duration('2562047h') + duration('1h')", "duration('1h') - duration('2h')", "timestamp('2024-01-02T00:00:00Z') - timestamp('2024-01-01T00:00:00Z')",
      "string(duration('1h2m3.5s'))", "string(duration('-1.5ms'))", "duration('1h') > duration('59m')", "timestamp(1700000000)", "timestamp(253402300800)",
      "duration('1h').getMinutes()", "duration('-90s').getMinutes()", "timestamp('2024-01-01T00:00:00.123456789Z').getMilliseconds()", "int(duration('1s'))",
      "timestamp(object.status.startTime) < timestamp('2025-01-01T00:00:00Z')", "timestamp('2024-01-01T00:00:00Z') == timestamp('2024-01-01T01:00:00+01:00')",
      "string(timestamp('2024-01-01T00:00:00.5-08:00'))", "type(timestamp('2024-01-01T00:00:00Z'))", "duration('1.000000001s')", "string(duration('100000h'))",
    ]),
    object: "pod",
  })],
  ["mutation", 9, (rng) => ({
    mutation: true,
    object: rng.pick(["pod", "deployment", "nullObject"]),
    expr: rng.pick([
      "Object{spec: Object.spec{replicas: 3}}", "Object{metadata: Object.metadata{labels: {'a': 'b'}}}", "Object{spec: Object.spec{containers: [Object.spec.containers{name: 'x', image: 'y'}]}}",
      "Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: object.spec.template.spec.containers.map(c, Object.spec.template.spec.containers{name: c.name})}}}}",
      "Object{}", "Object{metadata: Object.metadata{annotations: {'k': string(object.spec.replicas)}}}", "Object{spec: Object.spec{replicas: object.spec.replicas + 1}}",
      "Object{spec: Object.spec{?replicas: optional.of(1)}}", "Object{spec: Object.spec{?replicas: optional.none()}}", "Object{spec: Object.spec{replicas: null}}",
      "[JSONPatch{op: 'add', path: '/metadata/labels/' + jsonpatch.escapeKey('a/b~c'), value: 'x'}]", "[JSONPatch{op: 'remove', path: '/spec/replicas'}]",
      "[JSONPatch{op: 'test', path: '/spec/replicas', value: 3}, JSONPatch{op: 'replace', path: '/spec/replicas', value: 5}]", "[JSONPatch{op: 'copy', from: '/a', path: '/b'}]",
      "[JSONPatch{op: 'add', path: '/spec/template', value: object.spec.template}]", "JSONPatch{op: 'add'}.path", "has(JSONPatch{}.from)", "JSONPatch{value: [1, 2]}.value[1]",
      "JSONPatch{foo: 'x'}", "Object{spec: 1}.spec", "Object.spec{x: 1} == Object.spec{x: 1}", "type(Object{})", "type(JSONPatch{})", "jsonpatch.escapeKey('~/~')",
      "object.spec.containers.map(c, JSONPatch{op: 'replace', path: '/spec/containers/0/image', value: c.image + ':latest'})",
      "[JSONPatch{op: 'add', path: '/x', value: {'k': [1, 2.5, 'v', true, null]}}]", "[JSONPatch{op: 'add', path: '/x', value: duration('1s')}]",
      "[JSONPatch{op: 'add', path: '/x', value: Object.spec{a: 1}}]", "Object{spec: Object.spec{containers: object.spec.containers}}", "dyn(Object{}).spec",
      "optional.ofNonZeroValue(Object{})", "optional.ofNonZeroValue(JSONPatch{})", "Object{spec: Object.spec{a: {'x': 1}.?x}}", "Object{metadata: Object.metadata{name: object.metadata.?name.orValue('none')}}",
    ]),
  })],
  ["params", 3, (rng) => ({
    object: "pod",
    params: rng.pick(["params", "nullObject"]),
    expr: rng.pick([
      "params.data.prefix + object.metadata.name", "int(params.data.limit) > 2", "params.data.allowed.split(',').exists(x, x == 'b')", "params.spec.images.exists(i, object.spec.containers[0].image.startsWith(i))",
      "has(params.spec.labels.env)", "params.?spec.?replicas.orValue(1)", "params == null", "params.spec.replicas * 2", "params.data.missing",
    ]),
  })],
];
