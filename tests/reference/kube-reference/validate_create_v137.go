//go:build k8s1.37

package main

// From v1.37 the API server runs declarative validation after the strategy's Validate, for
// every strategy that has it (rest.ValidateCreate, which BeforeCreate calls).

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

func validateCreate(ctx context.Context, strategy rest.RESTCreateStrategy, obj runtime.Object) field.ErrorList {
	return rest.ValidateCreate(ctx, obj, strategy)
}
