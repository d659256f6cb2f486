// RUN: dyn-opt %s | FileCheck %s
// RUN: dyn-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: dyn-opt %s --mlir-print-op-generic | dyn-opt | FileCheck %s

// An instruction's engine and an ALU operation are attributes of the
// dialect: `#bir<engine act>` and `#bir<alu xor>` in the generic form, the
// bare keyword after one space in the custom form.

// CHECK-LABEL: func.func @keywords
// CHECK: %[[R:.*]] = bir.read_var %{{.*}} on act{{$}}
// CHECK: bir.alu_imm xor %[[R]], 3 on act{{$}}
// CHECK: bir.alu slt %[[R]], %[[R]] on act{{$}}
// GENERIC: "bir.read_var"(%{{.*}}) <{engine = #bir<engine act>}>
// GENERIC: "bir.alu_imm"(%{{.*}}) <{engine = #bir<engine act>, imm = 3 : i32, kind = #bir<alu xor>}>
// GENERIC: "bir.alu"(%{{.*}}, %{{.*}}) <{engine = #bir<engine act>, kind = #bir<alu slt>}>
func.func @keywords(%v: i32) {
  %r = "bir.read_var"(%v) <{engine = #bir<engine act>}> : (i32) -> !bir.reg
  %x = bir.alu_imm xor %r, 3 on act
  %y = bir.alu slt %r, %r on act
  return
}
