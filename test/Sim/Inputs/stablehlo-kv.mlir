// StableHLO in MLIR's generic op form, as JAX prints it with
// `module.operation.get_asm(print_generic_op_form=True)`.

// A decode step's KV write: K and V rows at a runtime position.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<64x32xf32>, tensor<64x32xf32>, tensor<1x32xf32>, tensor<1x32xf32>, tensor<i32>) -> (tensor<64x32xf32>, tensor<64x32xf32>), sym_name = "kv_write", sym_visibility = "public"}> ({
  ^bb0(%k_cache: tensor<64x32xf32>, %v_cache: tensor<64x32xf32>, %k: tensor<1x32xf32>, %v: tensor<1x32xf32>, %pos: tensor<i32>):
    %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.dynamic_update_slice"(%k_cache, %k, %pos, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    %1 = "stablehlo.dynamic_update_slice"(%v_cache, %v, %pos, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    "func.return"(%0, %1) : (tensor<64x32xf32>, tensor<64x32xf32>) -> ()
  }) : () -> ()

  // The last 8 rows of a bounded history (its runtime length from
  // get_dimension_size), a window that clamps into the history.
  "func.func"() <{function_type = (tensor<?x32xf32, #stablehlo.bounds<128, ?>>) -> tensor<8x32xf32>, sym_name = "window", sym_visibility = "public"}> ({
  ^bb0(%hist: tensor<?x32xf32, #stablehlo.bounds<128, ?>>):
    %n = "stablehlo.get_dimension_size"(%hist) <{dimension = 0 : i64}> : (tensor<?x32xf32, #stablehlo.bounds<128, ?>>) -> tensor<i32>
    %c8 = "stablehlo.constant"() <{value = dense<8> : tensor<i32>}> : () -> tensor<i32>
    %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %start = "stablehlo.subtract"(%n, %c8) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = "stablehlo.dynamic_slice"(%hist, %start, %c0) <{slice_sizes = array<i64: 8, 32>}> : (tensor<?x32xf32, #stablehlo.bounds<128, ?>>, tensor<i32>, tensor<i32>) -> tensor<8x32xf32>
    "func.return"(%w) : (tensor<8x32xf32>) -> ()
  }) : () -> ()

  // Rows picked by an index list (reshaped to [N, 1] as JAX does), and
  // rows written back by index with an overwriting scatter.
  "func.func"() <{function_type = (tensor<64x32xf32>, tensor<4xi32>, tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<64x32xf32>), sym_name = "rows", sym_visibility = "public"}> ({
  ^bb0(%table: tensor<64x32xf32>, %ids: tensor<4xi32>, %new: tensor<4x32xf32>):
    %ids2 = "stablehlo.reshape"(%ids) : (tensor<4xi32>) -> tensor<4x1xi32>
    %g = "stablehlo.gather"(%table, %ids2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<64x32xf32>, tensor<4x1xi32>) -> tensor<4x32xf32>
    %s = "stablehlo.scatter"(%table, %ids2, %new) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%old: tensor<f32>, %upd: tensor<f32>):
      "stablehlo.return"(%upd) : (tensor<f32>) -> ()
    }) : (tensor<64x32xf32>, tensor<4x1xi32>, tensor<4x32xf32>) -> tensor<64x32xf32>
    "func.return"(%g, %s) : (tensor<4x32xf32>, tensor<64x32xf32>) -> ()
  }) : () -> ()

  // A fori_loop over the runtime length of a bounded history: row i of the
  // history goes to row n - 1 - i of the output (reversed).
  "func.func"() <{function_type = (tensor<?x32xf32, #stablehlo.bounds<16, ?>>, tensor<16x32xf32>) -> tensor<16x32xf32>, sym_name = "reverse", sym_visibility = "public"}> ({
  ^bb0(%hist: tensor<?x32xf32, #stablehlo.bounds<16, ?>>, %out: tensor<16x32xf32>):
    %n = "stablehlo.get_dimension_size"(%hist) <{dimension = 0 : i64}> : (tensor<?x32xf32, #stablehlo.bounds<16, ?>>) -> tensor<i32>
    %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %r:3 = "stablehlo.while"(%c0, %n, %out) ({
    ^bb0(%i: tensor<i32>, %ub: tensor<i32>, %acc: tensor<16x32xf32>):
      %p = "stablehlo.compare"(%i, %ub) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%p) : (tensor<i1>) -> ()
    }, {
    ^bb0(%i: tensor<i32>, %ub: tensor<i32>, %acc: tensor<16x32xf32>):
      %z = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %one = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %row = "stablehlo.dynamic_slice"(%hist, %i, %z) <{slice_sizes = array<i64: 1, 32>}> : (tensor<?x32xf32, #stablehlo.bounds<16, ?>>, tensor<i32>, tensor<i32>) -> tensor<1x32xf32>
      %last = "stablehlo.subtract"(%ub, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %to = "stablehlo.subtract"(%last, %i) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %acc2 = "stablehlo.dynamic_update_slice"(%acc, %row, %to, %z) : (tensor<16x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<16x32xf32>
      %i2 = "stablehlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%i2, %ub, %acc2) : (tensor<i32>, tensor<i32>, tensor<16x32xf32>) -> ()
    }) : (tensor<i32>, tensor<i32>, tensor<16x32xf32>) -> (tensor<i32>, tensor<i32>, tensor<16x32xf32>)
    "func.return"(%r#2) : (tensor<16x32xf32>) -> ()
  }) : () -> ()
}) : () -> ()
