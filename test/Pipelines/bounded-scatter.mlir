// A scatter through a bounded index tensor (MoE routing with a runtime
// token count): pad-to-bound sends padded rows to index -1, which scatter
// skips; convert-dynshape-to-bir lowers that mask as a bir.memset of -1
// plus a bir.dynamic_for over the [0, size) valid ids, and the scatter reads
// its index tensor from SBUF. It routes hwdge at gen3 and swdge at gen2,
// and the simulated binary matches the reference (in-order rows, repeated
// and out-of-range ids, sizes out of range).
// RUN: dyn-opt %s --lower-to-bir | FileCheck %s
// RUN: dyn-opt %s --lower-to-addr4 | dyn-translate --serialize-addr4 -o %t.addr4
// RUN: dyn-translate --addr4-listing %t.addr4 | FileCheck %s --check-prefix=LIST
// RUN: dyn-sim %s --entry bs --compare --trials 30 | FileCheck %s --check-prefix=SIM
// RUN: dyn-sim %s --entry bs --compare --trials 10 --pipeline-options="arch=gen2" | FileCheck %s --check-prefix=SIM

// CHECK-LABEL: func.func @bs(
// CHECK:         %[[IDS:.*]] = bir.alloc {address = {{[0-9]+}} : i64} : memref<6xi32, #bir.mem<sbuf>>
// CHECK:         bir.memset %{{.*}} value 4294967295 on pool
// CHECK:         bir.dynamic_for %{{.*}} = 0 to 1 * %{{.*}} + 0 step 1 max_trip 6 on pool
// CHECK:         indirect %[[IDS]] arg_id 0 indirect_dim 0 max_index 6 : memref<6xi32, #bir.mem<sbuf>>
// LIST: memset location {{[0-9]+}} + 0 elements, 1-level pattern, value 0x00000000ffffffff
// LIST: trigger block {{[0-9]+}} hwdge queue sp
// SIM: the simulated binary matches the reference
func.func @bs(%table: tensor<32x8xf32>, %rows: tensor<?x8xf32, #dynshape.bounds<6, ?>>,
              %ids: tensor<?xi32, #dynshape.bounds<6>>) -> tensor<32x8xf32> {
  %s = dynshape.scatter %rows into %table[%ids]
      : (tensor<?x8xf32, #dynshape.bounds<6, ?>>, tensor<?xi32, #dynshape.bounds<6>>) -> tensor<32x8xf32>
  return %s : tensor<32x8xf32>
}
