// Divergences between kmutate and the admission oracle that are understood, by class. Each
// class lists the divergence keys (`<case>/<aspect>@<item>`) it explains. The list may only
// shrink: an unlisted divergence fails the test, and so does a listed key that no longer diverges.

/** Why kmutate and the oracle disagree. */
export type DifferenceCategory =
  | "kmutate-bug" // kmutate differs from kube-apiserver: to be fixed in src/
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
    name: "apply-bytes-value",
    category: "kmutate-bug",
    reason:
      "A CEL bytes value in an ApplyConfiguration (Secret data, ConfigMap binaryData) fails the typed conversion ('expected string, got &value.valueUnstructured{Value:[]uint8{…}}'); kmutate writes it base64-encoded.",
    keys: [
      "map-0023/errors@3", "map-0023/errors@4", "map-0023/item@3", "map-0023/item@4", "map-0375/errors@5",
      "map-0375/item@5", "map-0508/errors@4", "map-0508/item@4", "map-0645/errors@6", "map-0645/errors@7",
      "map-0645/errors@8", "map-0645/item@6", "map-0645/item@8", "map-0867/errors@2", "map-0867/item@2",
      "map-0924/errors@3", "map-1211/errors@3", "map-1211/errors@4", "map-1244/errors@5", "map-1244/item@5",
      "map-1249/errors@2", "map-1249/item@2", "map-1275/errors@4", "map-1275/errors@5", "map-1275/item@4",
      "map-1275/item@5", "map-1430/errors@5", "map-1506/errors@2", "map-1629/errors@3", "map-1647/errors@3",
      "map-1647/errors@4", "map-1830/item@4", "map-2053/errors@4", "map-2053/item@4", "map-2097/item@4",
      "map-2097/item@5", "map-2188/item@2",
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
    category: "kmutate-bug",
    reason:
      "VAP stage only: the validating stage still evaluates the mutated manifest, not the server view the mutating stage uses (issue 23), so where CEL reads the typed object — zero-valued structs and non-omitempty fields exist (has(object.spec.strategy), containers[i].resources, Service ports[i].targetPort, status), so conditions and values differ on the raw manifest.",
    keys: [
      "vap-0209/errors@2", "vap-0209/errors@4", "vap-0222/errors@3", "vap-0395/errors@2", "vap-0395/errors@3",
      "vap-0395/errors@4", "vap-0395/errors@5",
    ],
  },
  {
    name: "server-view-empty-maps",
    category: "kmutate-bug",
    reason:
      "VAP stage only (it still evaluates the mutated manifest, not the server view): an empty omitempty map of the manifest or of an ApplyConfiguration (labels: {}, annotations: {}, data: {}) does not exist in the typed object, so JSONPatch paths into it are missing and has() is false at the apiserver; kmutate keeps the empty map.",
    keys: [
      "vap-0005/errors@6", "vap-0064/errors@4", "vap-0112/errors@3", "vap-0112/errors@4", "vap-0128/errors@5",
      "vap-0292/errors@6", "vap-0340/errors@5", "vap-0346/errors@5",
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
      "The oracle runs admission only, not the API validation that creating the policy would: kube-apiserver refuses a MutatingAdmissionPolicy whose matchConditions read `variables` or do not compile, or whose variable reads a later one (issue 17 item 6), and kmutate reports it invalid and leaves it out; the oracle runs it. Likewise a ValidatingAdmissionPolicy with such matchConditions, a validations[].reason Unauthorized or a message with line breaks (vap-semantics §1.5, scenario validate-06): its load error and every denial it would have given differ.",
    keys: [
      "map-0556/item@3",
      "map-0034/errors@0", "map-0034/errors@2", "map-0086/errors@0", "map-0151/errors@0", "map-0151/item@4",
      "map-0159/errors@0", "map-0164/errors@0", "map-0164/errors@3", "map-0168/errors@0", "map-0179/errors@0",
      "map-0179/item@2", "map-0179/item@3", "map-0179/item@4", "map-0182/errors@0", "map-0182/item@3",
      "map-0210/errors@0", "map-0210/errors@2", "map-0264/errors@0", "map-0264/item@2", "map-0286/errors@0",
      "map-0303/errors@0", "map-0303/item@4", "map-0303/item@5", "map-0365/errors@0", "map-0365/errors@2",
      "map-0376/errors@0", "map-0393/errors@0", "map-0396/errors@0", "map-0396/errors@3", "map-0396/errors@4",
      "map-0401/errors@0", "map-0401/item@3", "map-0411/errors@0", "map-0411/errors@3", "map-0475/errors@0",
      "map-0475/errors@2", "map-0484/errors@0", "map-0484/errors@3", "map-0484/errors@4", "map-0541/errors@0",
      "map-0541/errors@3", "map-0556/errors@0", "map-0565/errors@0", "map-0565/errors@3",
      "map-0611/errors@0", "map-0611/errors@2", "map-0685/errors@0", "map-0686/errors@0", "map-0695/errors@0",
      "map-0698/errors@0", "map-0698/item@2", "map-0718/errors@0", "map-0726/errors@0", "map-0726/errors@2",
      "map-0726/errors@3", "map-0762/errors@0", "map-0762/errors@3", "map-0799/errors@0", "map-0832/errors@0",
      "map-0832/item@3", "map-0839/errors@0", "map-0839/errors@2", "map-0844/errors@0", "map-0844/errors@3",
      "map-0905/errors@0", "map-0972/errors@0", "map-0985/errors@0", "map-0986/errors@0", "map-0986/item@3",
      "map-1028/errors@0", "map-1066/errors@1", "map-1066/errors@4", "map-1117/errors@0", "map-1123/errors@0",
      "map-1123/errors@4", "map-1142/errors@0", "map-1142/errors@2", "map-1153/errors@0", "map-1153/item@4",
      "map-1194/errors@0", "map-1207/errors@0", "map-1207/item@3", "map-1208/errors@0", "map-1208/item@2",
      "map-1253/errors@0", "map-1253/item@3", "map-1253/item@4", "map-1255/errors@0", "map-1257/errors@0",
      "map-1258/errors@0", "map-1258/errors@4", "map-1258/errors@5", "map-1265/errors@0", "map-1265/errors@3",
      "map-1265/errors@4", "map-1305/errors@0", "map-1305/errors@2", "map-1305/errors@3", "map-1319/errors@0",
      "map-1322/errors@0", "map-1322/errors@2", "map-1322/errors@3", "map-1331/errors@0", "map-1332/errors@0",
      "map-1335/errors@0", "map-1335/item@3", "map-1335/item@4", "map-1401/errors@0", "map-1401/errors@3",
      "map-1413/errors@0", "map-1413/errors@3", "map-1413/errors@4", "map-1418/errors@0", "map-1418/errors@3",
      "map-1434/errors@0", "map-1441/errors@0", "map-1441/errors@3", "map-1474/errors@0", "map-1474/errors@2",
      "map-1565/errors@0", "map-1566/errors@0", "map-1566/item@2", "map-1566/item@3", "map-1588/errors@0",
      "map-1588/errors@3", "map-1595/errors@0", "map-1614/errors@0", "map-1614/errors@3", "map-1620/errors@0",
      "map-1631/errors@0", "map-1637/errors@0", "map-1660/errors@0", "map-1660/errors@2", "map-1666/errors@0",
      "map-1676/errors@0", "map-1676/errors@2", "map-1714/errors@0", "map-1714/errors@3", "map-1723/errors@0",
      "map-1815/errors@0", "map-1815/item@3", "map-1821/errors@0", "map-1821/item@2", "map-1821/item@3",
      "map-1845/errors@0", "map-1845/item@2", "map-1903/errors@0", "map-1903/item@3", "map-1921/errors@0",
      "map-1921/item@2", "map-1937/errors@0", "map-1968/errors@0", "map-1968/errors@3", "map-1968/errors@4",
      "map-2011/errors@0", "map-2050/errors@0", "map-2050/item@3", "map-2050/item@4", "map-2083/errors@0",
      "map-2145/errors@0", "map-2145/errors@3", "map-2174/errors@0", "map-2174/item@2", "map-2174/item@3",
      "vap-0001/errors@0", "vap-0001/errors@3", "vap-0006/errors@0", "vap-0009/errors@0", "vap-0009/errors@2",
      "vap-0011/errors@2", "vap-0011/errors@4", "vap-0011/errors@5", "vap-0017/errors@0", "vap-0017/errors@6",
      "vap-0017/errors@7", "vap-0018/errors@0", "vap-0019/errors@0", "vap-0019/errors@2", "vap-0023/errors@0",
      "vap-0023/errors@2", "vap-0023/errors@4", "vap-0023/errors@5", "vap-0026/errors@2", "vap-0028/errors@0",
      "vap-0028/errors@2", "vap-0028/errors@5", "vap-0028/errors@6", "vap-0050/errors@0", "vap-0050/errors@3",
      "vap-0050/errors@4", "vap-0054/errors@0", "vap-0059/errors@0", "vap-0059/errors@2", "vap-0060/errors@0",
      "vap-0060/errors@3", "vap-0060/errors@4", "vap-0060/errors@5", "vap-0073/errors@0", "vap-0091/errors@0",
      "vap-0091/errors@6", "vap-0091/errors@7", "vap-0091/errors@8", "vap-0097/errors@0", "vap-0097/errors@2",
      "vap-0099/errors@0", "vap-0099/errors@5", "vap-0099/errors@6", "vap-0110/errors@0", "vap-0110/errors@4",
      "vap-0110/errors@6", "vap-0116/errors@0", "vap-0116/errors@4", "vap-0118/errors@2", "vap-0123/errors@0",
      "vap-0127/errors@0", "vap-0127/errors@4", "vap-0132/errors@2", "vap-0136/errors@0", "vap-0136/errors@3",
      "vap-0145/errors@2", "vap-0150/errors@0", "vap-0150/errors@2", "vap-0159/errors@0", "vap-0166/errors@0",
      "vap-0172/errors@0", "vap-0172/errors@2", "vap-0174/errors@0", "vap-0174/errors@5", "vap-0174/errors@6",
      "vap-0177/errors@0", "vap-0177/errors@6", "vap-0177/errors@7", "vap-0177/errors@8", "vap-0181/errors@0",
      "vap-0188/errors@0", "vap-0188/errors@7", "vap-0188/errors@8", "vap-0191/errors@0", "vap-0191/errors@2",
      "vap-0191/errors@5", "vap-0191/errors@6", "vap-0201/errors@0", "vap-0207/errors@0", "vap-0207/errors@3",
      "vap-0217/errors@0", "vap-0217/errors@5", "vap-0217/errors@7", "vap-0218/errors@0", "vap-0218/errors@4",
      "vap-0219/errors@0", "vap-0221/errors@0", "vap-0226/errors@0", "vap-0235/errors@0", "vap-0236/errors@0",
      "vap-0236/errors@3", "vap-0241/errors@0", "vap-0242/errors@2", "vap-0245/errors@2", "vap-0252/errors@0",
      "vap-0256/errors@0", "vap-0259/errors@0", "vap-0262/errors@0", "vap-0262/errors@5", "vap-0264/errors@0",
      "vap-0264/errors@5", "vap-0278/errors@0", "vap-0278/errors@2", "vap-0284/errors@0", "vap-0284/errors@4",
      "vap-0293/errors@0", "vap-0293/errors@2", "vap-0293/errors@4", "vap-0294/errors@0", "vap-0294/errors@4",
      "vap-0294/errors@5", "vap-0294/errors@6", "vap-0297/errors@0", "vap-0302/errors@0", "vap-0307/errors@2",
      "vap-0307/errors@8", "vap-0308/errors@0", "vap-0308/errors@2", "vap-0314/errors@2", "vap-0317/errors@0",
      "vap-0324/errors@0", "vap-0343/errors@0", "vap-0356/errors@0", "vap-0383/errors@0", "vap-0387/errors@0",
      "vap-0387/errors@3", "vap-0392/errors@0",
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
