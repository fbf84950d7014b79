// Divergences between kmutate and the admission oracle that are understood, by class. Each
// class lists the divergence keys (`<case>/<aspect>@<item>`) it explains. The list may only
// shrink: an unlisted divergence fails the test, and so does a listed key that no longer diverges.

/** Why kmutate and the oracle disagree. */
export type DifferenceCategory =
  | "kmutate-bug" // kmutate differs from kube-apiserver: to be fixed in src/
  | "server-view" // kmutate evaluates the raw manifest, the apiserver the typed object (issue 23)
  | "offline-difference" // no single right answer offline (the environment decides)
  | "oracle-limitation"; // the oracle does not model what the apiserver does here (its README)

/** One understood class of divergences. */
export interface KnownDifference {
  name: string;
  category: DifferenceCategory;
  reason: string;
  /** Divergence keys `<case id>/<aspect>@<item index>` (aspect unattached: `@-1`). */
  keys: string[];
}

export const knownDifferences: KnownDifference[] = [
  {
    name: "jsonpatch-typed-decode",
    category: "kmutate-bug",
    reason:
      "After a JSONPatch the apiserver decodes the patched JSON strictly into the typed Go object (issue 17 item 4): a wrong JSON type (string replicas, number/bool in ConfigMap data, 8080.5 for an int32), invalid base64 in Secret data or an unknown field is an InternalError (whatever the failurePolicy), and a null in a map[string]string becomes \"\". kmutate writes the patched values (or fails later with another text).",
    keys: [
      "map-0002/errors@3", "map-0002/errors@4", "map-0002/item@3", "map-0039/errors@5", "map-0039/errors@6",
      "map-0039/item@5", "map-0039/item@6", "map-0055/item@6", "map-0236/item@4", "map-0242/errors@2",
      "map-0242/errors@3", "map-0242/item@2", "map-0242/item@3", "map-0320/errors@4", "map-0457/item@3",
      "map-0620/errors@4", "map-0620/item@4", "map-0700/errors@2", "map-0700/errors@3", "map-0700/item@2",
      "map-0700/item@3", "map-0703/item@5", "map-0706/item@2", "map-0787/errors@3", "map-0787/item@3",
      "map-0793/errors@4", "map-0793/item@4", "map-0801/errors@5", "map-0801/item@5", "map-0813/errors@3",
      "map-0813/errors@4", "map-0813/item@4", "map-0817/errors@5", "map-0854/errors@2", "map-0854/errors@3",
      "map-0854/item@2", "map-0854/item@3", "map-0893/errors@2", "map-0893/item@2", "map-0944/errors@5",
      "map-0944/item@5", "map-0960/errors@4", "map-0960/item@4", "map-0969/errors@4", "map-1001/errors@3",
      "map-1010/errors@5", "map-1010/item@5", "map-1035/errors@4", "map-1035/item@4", "map-1044/item@3",
      "map-1154/errors@6", "map-1154/errors@7", "map-1154/item@6", "map-1154/item@7", "map-1259/errors@6",
      "map-1259/errors@7", "map-1259/item@6", "map-1259/item@7", "map-1261/item@4", "map-1363/errors@5",
      "map-1363/errors@6", "map-1363/errors@7", "map-1421/item@3", "map-1455/errors@3", "map-1455/item@3",
      "map-1626/errors@6", "map-1626/errors@7", "map-1626/errors@8", "map-1636/errors@5", "map-1636/errors@6",
      "map-1636/errors@7", "map-1636/item@5", "map-1636/item@6", "map-1636/item@7", "map-1653/errors@3",
      "map-1659/errors@3", "map-1659/item@3", "map-1664/errors@6", "map-1664/errors@7", "map-1664/item@5",
      "map-1664/item@7", "map-1672/errors@5", "map-1672/item@5", "map-1729/errors@5", "map-1729/item@5",
      "map-1735/errors@3", "map-1736/errors@2", "map-1736/item@2", "map-1765/errors@5", "map-1765/errors@6",
      "map-1794/errors@4", "map-1794/item@4", "map-1831/item@4", "map-1839/errors@4", "map-1839/errors@5",
      "map-1839/item@4", "map-1839/item@5", "map-1876/item@4", "map-1883/errors@4", "map-1900/item@5",
      "map-1945/item@4", "map-1960/errors@3", "map-1960/errors@4", "map-1960/errors@5", "map-1960/item@3",
      "map-1960/item@4", "map-1960/item@5", "map-2025/errors@4", "map-2025/item@4", "map-2034/errors@4",
      "map-2034/item@4", "map-2057/errors@5", "map-2057/errors@6", "map-2115/errors@4", "map-2115/item@4",
      "map-2158/errors@2", "map-2158/errors@3", "map-2158/errors@4", "map-2171/errors@3", "map-2171/errors@4",
      "map-2177/errors@4", "map-2177/item@4",
    ],
  },
  {
    name: "apply-bytes-value",
    category: "kmutate-bug",
    reason:
      "A CEL bytes value in an ApplyConfiguration (Secret data, ConfigMap binaryData) fails the typed conversion ('expected string, got &value.valueUnstructured{Value:[]uint8{…}}'); kmutate writes it base64-encoded.",
    keys: [
      "map-0023/errors@3", "map-0023/errors@4", "map-0023/item@3", "map-0023/item@4", "map-0375/errors@5",
      "map-0375/item@5", "map-0508/errors@4", "map-0508/item@4", "map-0645/errors@6", "map-0645/errors@7",
      "map-0645/errors@8", "map-0645/item@6", "map-0645/item@7", "map-0645/item@8", "map-0867/errors@2",
      "map-0867/item@2", "map-0924/errors@3", "map-1211/errors@3", "map-1211/errors@4", "map-1244/errors@5",
      "map-1244/item@5", "map-1249/errors@2", "map-1249/item@2", "map-1275/errors@4", "map-1275/errors@5",
      "map-1275/item@4", "map-1275/item@5", "map-1430/errors@5", "map-1506/errors@2", "map-1629/errors@3",
      "map-1647/errors@3", "map-1647/errors@4", "map-1735/item@3", "map-1830/item@4", "map-2053/errors@4",
      "map-2053/item@4", "map-2097/item@4", "map-2097/item@5", "map-2188/item@2",
    ],
  },
  {
    name: "internal-error-wrapped",
    category: "kmutate-bug",
    reason:
      "An InternalError (strict decoding after a JSONPatch) is returned by the apiserver as 'Internal error occurred: …' without the \"policy '…' with binding '…' denied request: \" wrapper; kmutate adds the wrapper.",
    keys: [
      "map-0080/errors@4", "map-0107/errors@4", "map-0113/errors@3", "map-0143/errors@3", "map-0284/errors@3",
      "map-0353/errors@3", "map-0747/errors@3", "map-0820/errors@3", "map-0910/errors@5", "map-1597/errors@3",
      "map-1597/errors@5", "map-1663/errors@3", "map-1663/errors@4", "map-1745/errors@3", "map-1832/errors@5",
      "map-1832/errors@6", "map-1971/errors@6", "map-1971/errors@7",
    ],
  },
  {
    name: "paramref-default-alpha-beta",
    category: "kmutate-bug",
    reason:
      "v1alpha1 and v1beta1 bindings default paramRef.parameterNotFoundAction to Deny (pkg/apis/admissionregistration/v1alpha1,v1beta1 SetDefaults_ParamRef); kmutate rejects the binding with 'spec.paramRef.parameterNotFoundAction: Required value'.",
    keys: [
      "map-1121/errors@2", "map-1652/errors@1", "map-1652/item@4", "map-1767/errors@1",
    ],
  },
  {
    name: "server-view-reads",
    category: "server-view",
    reason:
      "CEL sees the typed object (issue 23): zero-valued structs and non-omitempty fields exist (has(object.spec.strategy), containers[i].resources, Service ports[i].targetPort, status), so conditions and values differ on the raw manifest.",
    keys: [
      "map-0177/errors@2", "map-0230/item@3", "map-0237/item@3", "map-0248/errors@3", "map-0248/item@3",
      "map-0332/item@2", "map-0382/errors@3", "map-0392/item@3", "map-0402/item@2", "map-0416/item@3",
      "map-0617/item@3", "map-0772/item@5", "map-0902/item@2", "map-1141/item@3", "map-1178/item@3",
      "map-1229/item@4", "map-1229/item@5", "map-1404/item@3", "map-1593/item@3", "map-1604/item@4",
      "map-1625/item@2", "map-1673/item@2", "map-1716/item@2", "map-1720/errors@2", "map-1796/item@6",
      "map-1803/item@3", "map-1842/item@3", "map-1849/item@3", "map-1979/item@3", "map-2076/item@4",
      "map-2110/item@5",
    ],
  },
  {
    name: "server-view-zero-struct-paths",
    category: "server-view",
    reason:
      "JSONPatch paths under zero-valued typed structs exist at the apiserver (/…/containers/0/resources/limits, /status/…), then the strict typed decode judges the result; on the raw manifest kmutate reports 'doc is missing path'.",
    keys: [
      "map-0036/errors@2", "map-0088/errors@2", "map-0127/errors@3", "map-0127/item@3", "map-0166/errors@3",
      "map-0259/errors@3", "map-0263/errors@3", "map-0288/errors@2", "map-0397/errors@2", "map-0397/item@2",
      "map-0429/errors@3", "map-0533/errors@2", "map-0536/errors@4", "map-0536/item@4", "map-0608/errors@5",
      "map-0647/errors@3", "map-0654/item@3", "map-0711/errors@5", "map-0711/item@5", "map-0727/errors@2",
      "map-0834/errors@2", "map-0835/errors@2", "map-0837/errors@3", "map-0959/errors@3", "map-0959/item@3",
      "map-0966/errors@5", "map-0966/item@5", "map-0978/errors@3", "map-1005/errors@3", "map-1030/errors@2",
      "map-1092/errors@5", "map-1099/errors@3", "map-1112/item@5", "map-1139/errors@3", "map-1361/item@3",
      "map-1368/errors@2", "map-1405/errors@2", "map-1485/errors@2", "map-1550/errors@3", "map-1683/errors@3",
      "map-1754/errors@3", "map-1781/errors@2", "map-2001/errors@4", "map-2001/errors@5", "map-2001/item@4",
      "map-2001/item@5", "map-2036/item@4", "map-2036/item@6", "map-2067/item@3", "map-2070/errors@2",
      "map-2181/errors@2",
    ],
  },
  {
    name: "server-view-empty-maps",
    category: "server-view",
    reason:
      "An empty omitempty map of the manifest or of an ApplyConfiguration (labels: {}, annotations: {}, data: {}) does not exist in the typed object, so JSONPatch paths into it are missing and has() is false at the apiserver; kmutate keeps the empty map.",
    keys: [
      "map-0008/errors@4", "map-0008/item@4", "map-0031/errors@6", "map-0031/item@6", "map-0073/errors@3",
      "map-0073/item@3", "map-0092/item@2", "map-0183/errors@5", "map-0184/errors@5", "map-0184/errors@6",
      "map-0196/errors@4", "map-0223/errors@4", "map-0279/item@4", "map-0318/errors@5", "map-0318/item@5",
      "map-0454/item@5", "map-0487/errors@4", "map-0487/item@3", "map-0487/item@4", "map-0505/errors@5",
      "map-0505/item@5", "map-0507/item@2", "map-0554/errors@3", "map-0556/item@3", "map-0596/errors@2",
      "map-0596/item@2", "map-0619/errors@5", "map-0619/errors@6", "map-0642/errors@5", "map-0642/item@5",
      "map-0652/errors@4", "map-0652/item@4", "map-0734/errors@4", "map-0813/item@3", "map-0820/errors@4",
      "map-0892/errors@7", "map-0976/item@2", "map-1069/errors@4", "map-1081/item@2", "map-1170/errors@3",
      "map-1187/item@2", "map-1196/errors@6", "map-1196/errors@8", "map-1267/errors@3", "map-1285/item@5",
      "map-1340/errors@3", "map-1377/errors@3", "map-1423/errors@3", "map-1500/item@4", "map-1576/item@3",
      "map-1653/item@3", "map-1664/item@6", "map-1700/errors@2", "map-1721/item@2", "map-1733/errors@8",
      "map-1789/errors@6", "map-1818/item@2", "map-1855/errors@6", "map-1881/errors@5", "map-1881/errors@6",
      "map-1944/item@3", "map-1961/errors@4", "map-2003/errors@4", "map-2069/errors@4", "map-2166/item@6",
    ],
  },
  {
    name: "authorizer-reason",
    category: "offline-difference",
    reason:
      "authorizer …check().reason(): the oracle's fixed authorizer gives '' and kmutate's offline authorizer 'kmutate offline authorizer'; a real cluster's authorizers decide.",
    keys: [
      "map-0394/item@3", "map-1204/item@2", "map-1318/item@2", "map-1847/item@2", "map-1896/item@3",
      "map-2008/item@2", "map-2035/item@3",
    ],
  },
  {
    name: "oracle-no-crd-schema",
    category: "oracle-limitation",
    reason:
      "The oracle has no structured-merge schema for CustomResourceDefinition objects themselves (../shared/k8s-api lists no apiextensions kinds), so an ApplyConfiguration on a CRD fails there with 'Resource kind … not found'; kube-apiserver knows the type.",
    keys: [
      "map-1218/errors@0", "map-1218/item@0",
    ],
  },
  {
    name: "oracle-no-api-validation",
    category: "oracle-limitation",
    reason:
      "The oracle runs admission only, not the API validation that creating the policy would: kube-apiserver refuses a MutatingAdmissionPolicy whose matchConditions read `variables` or do not compile, or whose variable reads a later one (issue 17 item 6), and kmutate reports it invalid and leaves it out; the oracle runs it.",
    keys: [
      "map-0034/errors@0", "map-0034/errors@2", "map-0086/errors@0", "map-0151/errors@0", "map-0151/item@4",
      "map-0159/errors@0", "map-0164/errors@0", "map-0164/errors@3", "map-0168/errors@0", "map-0179/errors@0",
      "map-0179/item@2", "map-0179/item@3", "map-0179/item@4", "map-0182/errors@0", "map-0182/item@3",
      "map-0210/errors@0", "map-0210/errors@2", "map-0264/errors@0", "map-0264/item@2", "map-0286/errors@0",
      "map-0303/errors@0", "map-0303/item@4", "map-0303/item@5", "map-0365/errors@0", "map-0365/errors@2",
      "map-0376/errors@0", "map-0393/errors@0", "map-0396/errors@0", "map-0396/errors@3", "map-0396/errors@4",
      "map-0401/errors@0", "map-0401/item@3", "map-0411/errors@0", "map-0411/errors@3", "map-0475/errors@0",
      "map-0475/errors@2", "map-0484/errors@0", "map-0484/errors@3", "map-0484/errors@4", "map-0541/errors@0",
      "map-0541/errors@3", "map-0556/errors@0", "map-0565/errors@0", "map-0565/errors@3", "map-0611/errors@0",
      "map-0611/errors@2", "map-0685/errors@0", "map-0686/errors@0", "map-0695/errors@0", "map-0698/errors@0",
      "map-0698/item@2", "map-0718/errors@0", "map-0726/errors@0", "map-0726/errors@2", "map-0726/errors@3",
      "map-0762/errors@0", "map-0762/errors@3", "map-0799/errors@0", "map-0832/errors@0", "map-0832/item@3",
      "map-0839/errors@0", "map-0839/errors@2", "map-0844/errors@0", "map-0844/errors@3", "map-0905/errors@0",
      "map-0972/errors@0", "map-0985/errors@0", "map-0986/errors@0", "map-0986/item@3", "map-1028/errors@0",
      "map-1066/errors@1", "map-1066/errors@4", "map-1117/errors@0", "map-1123/errors@0", "map-1123/errors@4",
      "map-1142/errors@0", "map-1142/errors@2", "map-1153/errors@0", "map-1153/item@4", "map-1194/errors@0",
      "map-1207/errors@0", "map-1207/item@3", "map-1208/errors@0", "map-1208/item@2", "map-1253/errors@0",
      "map-1253/item@3", "map-1253/item@4", "map-1255/errors@0", "map-1257/errors@0", "map-1258/errors@0",
      "map-1258/errors@4", "map-1258/errors@5", "map-1265/errors@0", "map-1265/errors@3", "map-1265/errors@4",
      "map-1305/errors@0", "map-1305/errors@2", "map-1305/errors@3", "map-1319/errors@0", "map-1322/errors@0",
      "map-1322/errors@2", "map-1322/errors@3", "map-1331/errors@0", "map-1332/errors@0", "map-1335/errors@0",
      "map-1335/item@3", "map-1335/item@4", "map-1401/errors@0", "map-1401/errors@3", "map-1413/errors@0",
      "map-1413/errors@3", "map-1413/errors@4", "map-1418/errors@0", "map-1418/errors@3", "map-1434/errors@0",
      "map-1441/errors@0", "map-1441/errors@3", "map-1474/errors@0", "map-1474/errors@2", "map-1565/errors@0",
      "map-1566/errors@0", "map-1566/item@2", "map-1566/item@3", "map-1588/errors@0", "map-1588/errors@3",
      "map-1595/errors@0", "map-1614/errors@0", "map-1614/errors@3", "map-1620/errors@0", "map-1631/errors@0",
      "map-1637/errors@0", "map-1660/errors@0", "map-1660/errors@2", "map-1666/errors@0", "map-1676/errors@0",
      "map-1676/errors@2", "map-1714/errors@0", "map-1714/errors@3", "map-1723/errors@0", "map-1815/errors@0",
      "map-1815/item@3", "map-1821/errors@0", "map-1821/item@2", "map-1821/item@3", "map-1845/errors@0",
      "map-1845/item@2", "map-1903/errors@0", "map-1903/item@3", "map-1921/errors@0", "map-1921/item@2",
      "map-1937/errors@0", "map-1968/errors@0", "map-1968/errors@3", "map-1968/errors@4", "map-2011/errors@0",
      "map-2050/errors@0", "map-2050/item@3", "map-2050/item@4", "map-2083/errors@0", "map-2145/errors@0",
      "map-2145/errors@3", "map-2174/errors@0", "map-2174/item@2", "map-2174/item@3",
    ],
  },
  {
    name: "oracle-no-storage",
    category: "oracle-limitation",
    reason:
      "The oracle admits each item as a lone request with nothing stored: two items renamed by a policy onto one identity both pass there, while the apiserver's storage refuses the second with AlreadyExists (kmutate's identity check, issue 22 item 4).",
    keys: [
      "map-1132/errors@4", "map-1132/item@4",
    ],
  },
];
