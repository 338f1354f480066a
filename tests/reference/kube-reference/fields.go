package main

// fields prints the field names of every object type podfit decodes, as this release's
// k8s.io/api declares them, in the form of podfit's known-fields table: one line per type, its
// name then its JSON fields, each with its type after a colon ("[]T" a list, "{}T" a map, "*"
// any JSON, "T" an object type of the table, nothing for a scalar). Roots come first, one per
// served kind and version: "=apiVersion Kind Type". tests/reference/fields/merge.py joins the
// releases' tables into podfit's.

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
)

// The kinds podfit decodes, in the versions it reads.
var fieldRoots = []struct {
	kind     string
	versions []string
}{
	{"Pod", []string{"v1"}},
	{"Node", []string{"v1"}},
	{"Namespace", []string{"v1"}},
	{"ResourceQuota", []string{"v1"}},
	{"PersistentVolume", []string{"v1"}},
	{"PersistentVolumeClaim", []string{"v1"}},
	{"ReplicationController", []string{"v1"}},
	{"PodTemplate", []string{"v1"}},
	{"LimitRange", []string{"v1"}},
	{"StorageClass", []string{"storage.k8s.io/v1", "storage.k8s.io/v1beta1"}},
	{"CSINode", []string{"storage.k8s.io/v1", "storage.k8s.io/v1beta1"}},
	{"CSIDriver", []string{"storage.k8s.io/v1", "storage.k8s.io/v1beta1"}},
	{"CSIStorageCapacity", []string{"storage.k8s.io/v1", "storage.k8s.io/v1beta1"}},
	{"RuntimeClass", []string{"node.k8s.io/v1"}},
	{"Deployment", []string{"apps/v1"}},
	{"ReplicaSet", []string{"apps/v1"}},
	{"StatefulSet", []string{"apps/v1"}},
	{"DaemonSet", []string{"apps/v1"}},
	{"Job", []string{"batch/v1"}},
	{"CronJob", []string{"batch/v1"}},
	{"ResourceSlice", []string{"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1"}},
	{"DeviceClass", []string{"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1"}},
	{"ResourceClaim", []string{"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1"}},
	{"ResourceClaimTemplate", []string{"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1"}},
	{"DeviceTaintRule", []string{"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3"}},
}

var jsonUnmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

// typeName names a Go type as the table does: its package's group and version, then its name
// ("corev1.PodSpec", "metav1.ObjectMeta", "resourcev1beta1.BasicDevice").
func typeName(t reflect.Type) string {
	parts := strings.Split(t.PkgPath(), "/")
	version := parts[len(parts)-1]
	group := parts[len(parts)-2]
	return group + version + "." + t.Name()
}

type fieldTable struct {
	lines map[string]string
}

// ref returns the table's type for t, adding the object types it reaches.
func (ft *fieldTable) ref(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	// Types with their own JSON form (quantities, times, int-or-string, raw JSON) have no fields.
	if t.Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		switch t.Name() {
		case "RawExtension", "FieldsV1", "JSON":
			return "*"
		}
		return ""
	}
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "" // base64 bytes
		}
		return "[]" + ft.ref(t.Elem())
	case reflect.Map:
		return "{}" + ft.ref(t.Elem())
	case reflect.Interface:
		return "*"
	case reflect.Struct:
		name := typeName(t)
		if _, seen := ft.lines[name]; !seen {
			ft.lines[name] = "" // before its fields: types may reach themselves
			var fields []string
			ft.fields(t, &fields)
			sort.Strings(fields)
			ft.lines[name] = strings.Join(fields, " ")
		}
		return name
	}
	return ""
}

func (ft *fieldTable) fields(t reflect.Type, out *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name := strings.Split(tag, ",")[0]
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if strings.Contains(tag, ",inline") || (f.Anonymous && name == "") {
			inner := f.Type
			for inner.Kind() == reflect.Pointer {
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct {
				ft.fields(inner, out)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		field := name
		if typ := ft.ref(f.Type); typ != "" {
			field += ":" + typ
		}
		*out = append(*out, field)
	}
}

func runFields(w io.Writer) error {
	ft := &fieldTable{lines: map[string]string{}}
	var roots []string
	for _, root := range fieldRoots {
		for _, version := range root.versions {
			gv, err := schema.ParseGroupVersion(version)
			if err != nil {
				return err
			}
			t, ok := clientscheme.Scheme.AllKnownTypes()[gv.WithKind(root.kind)]
			if !ok {
				continue
			}
			roots = append(roots, fmt.Sprintf("=%s %s %s", version, root.kind, ft.ref(t)))
		}
	}
	for _, r := range roots {
		fmt.Fprintln(w, r)
	}
	names := make([]string, 0, len(ft.lines))
	for name := range ft.lines {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		line := name
		if ft.lines[name] != "" {
			line += " " + ft.lines[name]
		}
		fmt.Fprintln(w, line)
	}
	return nil
}
