// An entry that calls a private function, as JAX often prints: dyn-sim
// keeps the callee, so the pipeline says why the call cannot be lowered.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i32>) -> tensor<i32>, sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%p: tensor<i32>):
    %r = "func.call"(%p) <{callee = @helper}> : (tensor<i32>) -> tensor<i32>
    "func.return"(%r) : (tensor<i32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<i32>) -> tensor<i32>, sym_name = "helper", sym_visibility = "private"}> ({
  ^bb0(%p: tensor<i32>):
    %q = "stablehlo.add"(%p, %p) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "func.return"(%q) : (tensor<i32>) -> ()
  }) : () -> ()
}) : () -> ()
