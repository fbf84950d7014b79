// Help texts: what each command reads and writes, the functionConfig, and examples. `kpt fn doc`
// shows the program help, so it explains the KRM function in full.

/** After the program's command list (also what `kpt fn doc` prints). */
export const PROGRAM_HELP = `
Without a command, kmutate runs as a KRM function (same as \`kmutate fn\`).

KRM function (kpt, kustomize, Argo CD plugins):
  stdin   a ResourceList (config.kubernetes.io/v1, YAML or JSON; a v1 List also works)
  stdout  the same ResourceList, every item kept in order, mutated where bound policies
          match (an object a ValidatingAdmissionPolicy denies comes back as it came in),
          with \`results\`; JSON in gives JSON out
  stderr  one line per problem when no ResourceList can be written (empty, binary, not YAML),
          and on exit 1 one line per error result
  exit    1 if any result has severity error or the input is bad, else 0

functionConfig (optional):
  apiVersion: fn.kmutate.dev/v1alpha1
  kind: MutationConfig
  spec:
    operation: CREATE            # CREATE (default) | UPDATE | DELETE (validation only)
    userInfo: {username: alice, uid: "1", groups: [dev], extra: {team: [a]}}
    dryRun: false
    defaultNamespace: default    # namespace of namespaced objects without one
    authorizer: {decision: NoOpinion}   # NoOpinion (default) | Allow | Deny
    strict: false                # missing Namespace object or schema: error, not warning
    validation: Enforce          # ValidatingAdmissionPolicy denials: Enforce (error) | Warn | Off
    results: invocations         # info results: one per policy/binding/param with the count of
                                 # objects it changed (default) | objects (one per changed object)
    oldObjectsPath: live/        # UPDATE, DELETE: old objects (file or folder in the package;
                                 # relative to this config's directory, else to the working directory)
    openapiPaths: [crds.json]    # OpenAPI v3 documents for kinds without a CRD in the input
  or a ConfigMap with string data keys: operation, username, uid, groups (a,b),
  extra (key=v1,v2;key2=v3), dryRun, defaultNamespace, authorizer, strict, validation,
  oldObjectsPath, openapiPaths (a,b).
  Schema: krm/function-config.schema.json in the npm package.
  In a container (no files): pass the same inputs as ConfigMap items annotated
  fn.kmutate.dev/side-input: old-objects | openapi, each data value a file's text.

Examples:
  $ kpt fn eval --exec kmutate ./package
  $ kpt fn eval --image ghcr.io/kmutate/kmutate:v0.1.0 ./package   # built locally (README)
  $ kustomize build --enable-alpha-plugins --enable-exec ./overlay
  $ kmutate < resource-list.yaml > out.yaml
  $ kmutate apply -f manifests/ -f policies.yaml
  $ kmutate version
`;

/** After `kmutate fn --help`. */
export const FN_HELP = `
stdin   a ResourceList (YAML or JSON)
stdout  the ResourceList with mutated items and results (same format as the input)
stderr  one line per problem when no ResourceList can be written
exit    1 if any result has severity error or the input is bad, else 0

Examples:
  $ kmutate fn < resource-list.yaml
  $ kpt fn source ./package | kmutate | kpt fn sink ./out
`;

/** After `kmutate apply --help`. */
export const APPLY_HELP = `
Files and directories (searched recursively for *.yaml, *.yml, *.json) are read as one set of
objects: policies and bindings in any file apply to objects in every file. In directories,
kustomization files, Kptfiles, the function configs they name and what .krmignore lists are
skipped.

stdin   read only for \`-f -\`: a stream of YAML documents
stdout  the objects to deploy as one stream, without local-config objects
        (config.kubernetes.io/local-config: "true") and function configs unless
        --keep-local-config (--output yaml: documents that did not change are printed byte
        for byte, changed ones keep their comments; --output json: a v1 List); nothing with
        --output-dir or --in-place
stderr  results (one line each: severity, file, object, message), a summary line (with
        ValidatingAdmissionPolicies: objects validated, denied, warned), input errors;
        on a terminal, a progress line for runs longer than 2 s
exit    1 if any result has severity error (e.g. a denial) or the input is bad, else 0;
        with --diff: 0 no changes, 1 changes, 2 an error (as kubectl diff)

Examples:
  $ kmutate apply -f deploy.yaml -f policies/ | kubectl apply -f -
  $ cat *.yaml | kmutate apply -f - --config config.yaml
  $ kmutate apply -f manifests/ --output-dir rendered/
  $ kmutate apply -f manifests/ --diff
  $ kmutate apply -f manifests/ --explain >/dev/null   # which policy changed which paths, per object
`;
