package main

// Reading manifests as kubectl and the API server read them: files, directories,
// multi-document YAML, JSON, and Lists, decoded by the release's universal deserializer
// and defaulted by the release's own defaulters.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// object is one decoded manifest with where it came from.
type object struct {
	source string // file and document, for messages
	obj    runtime.Object
}

// readInputs reads every file (directories one level deep, as kubectl does without -R).
func readInputs(paths []string, recursive bool) ([]object, error) {
	var out []object
	for _, p := range paths {
		files, err := expandPath(p, recursive)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			objs, err := readFile(f)
			if err != nil {
				return nil, err
			}
			out = append(out, objs...)
		}
	}
	return out, nil
}

func expandPath(p string, recursive bool) ([]string, error) {
	if p == "-" {
		return []string{p}, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{p}, nil
	}
	var files []string
	err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != p && !recursive {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".yaml", ".yml", ".json":
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

func readFile(path string) ([]object, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	decoder := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	var out []object
	for doc := 1; ; doc++ {
		var u unstructured.Unstructured
		if err := decoder.Decode(&u.Object); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("%s: document %d: %w", path, doc, err)
		}
		if len(u.Object) == 0 {
			continue
		}
		objs, err := decodeUnstructured(&u, fmt.Sprintf("%s: document %d", path, doc))
		if err != nil {
			return nil, err
		}
		out = append(out, objs...)
	}
	return out, nil
}

// decodeUnstructured flattens Lists (recursively, as kubectl does) and decodes each item.
func decodeUnstructured(u *unstructured.Unstructured, source string) ([]object, error) {
	if u.IsList() {
		var out []object
		items, _, _ := unstructured.NestedSlice(u.Object, "items")
		for i, item := range items {
			m, ok := item.(map[string]interface{})
			if !ok {
				return nil, fmt.Errorf("%s: items[%d]: not an object", source, i)
			}
			objs, err := decodeUnstructured(&unstructured.Unstructured{Object: m}, fmt.Sprintf("%s: items[%d]", source, i))
			if err != nil {
				return nil, err
			}
			out = append(out, objs...)
		}
		return out, nil
	}
	raw, err := u.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	obj, _, err := legacyscheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	legacyscheme.Scheme.Default(obj)
	assignUID(obj)
	return []object{{source: source, obj: obj}}, nil
}

// assignUID gives an object without a uid one derived from its kind, namespace and name, as
// the API server gives every object it creates one (the scheduler's cache keys pods by it).
func assignUID(obj runtime.Object) {
	accessor, err := meta.Accessor(obj)
	if err != nil || accessor.GetUID() != "" {
		return
	}
	kind := obj.GetObjectKind().GroupVersionKind().Kind
	accessor.SetUID(types.UID(fmt.Sprintf("%s-%s-%s", strings.ToLower(kind), accessor.GetNamespace(), accessor.GetName())))
}
