// view-oracle: decodes built-in objects as kube-apiserver's create handler does (JSON serializer,
// strict) and prints the decode error text or ToUnstructured of the typed object.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
)

type in struct {
	ID   string          `json:"id"`
	Obj  json.RawMessage `json:"object"`
}
type out struct {
	ID     string                 `json:"id"`
	Error  string                 `json:"error,omitempty"`
	Strict []string               `json:"strict,omitempty"`
	View   map[string]interface{} `json:"view,omitempty"`
}

func main() {
	s := newScheme()
	ser := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, s, s, kjson.SerializerOptions{Strict: true})
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<26), 1<<26)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var i in
		if err := json.Unmarshal(sc.Bytes(), &i); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		o := out{ID: i.ID}
		obj, gvk, err := ser.Decode(i.Obj, nil, nil)
		if err != nil {
			if se, ok := runtime.AsStrictDecodingError(err); ok && obj != nil {
				for _, e := range se.Errors() {
					o.Strict = append(o.Strict, e.Error())
				}
			} else {
				k := schema.GroupVersionKind{}
				if gvk != nil {
					k = *gvk
				}
				o.Error = fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", k.Kind, k.Version, k.Kind, err)
				enc.Encode(o)
				continue
			}
		}
		m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			o.Error = "toUnstructured: " + err.Error()
		} else {
			o.View = m
		}
		enc.Encode(o)
	}
}
