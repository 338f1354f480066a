//go:build !k8s1.37

package main

// Before v1.37 a strategy's Validate is the whole of create validation the referee runs
// (strategies that validate declaratively call it themselves).

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

func validateCreate(ctx context.Context, strategy rest.RESTCreateStrategy, obj runtime.Object) field.ErrorList {
	return strategy.Validate(ctx, obj)
}
