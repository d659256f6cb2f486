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

// The ALU instructions print their physical register and any discardable
// attributes in one dictionary, in name order, as the generic form holds
// them.
// CHECK-LABEL: func.func @alu_dictionary
// CHECK: bir.alu_imm add %{{.*}}, -7 on pool {reg = 5 : i32}{{$}}
// CHECK: bir.alu_imm mult %{{.*}}, 4 on pool {alpha, reg = 6 : i32, zeta = 1 : i64}{{$}}
// CHECK: bir.alu max %{{.*}}, %{{.*}} on pool {alpha, reg = 7 : i32}{{$}}
// CHECK: bir.alu min %{{.*}}, %{{.*}} on pool{{$}}
// GENERIC: "bir.alu_imm"(%{{.*}}) <{engine = #bir<engine pool>, imm = 4 : i32, kind = #bir<alu mult>, reg = 6 : i32}> {alpha, zeta = 1 : i64}
func.func @alu_dictionary(%v: i32) {
  %r = bir.read_var %v on pool
  %a = bir.alu_imm add %r, -7 on pool {reg = 5 : i32}
  %b = bir.alu_imm mult %a, 4 on pool {zeta = 1, reg = 6 : i32, alpha}
  %c = bir.alu max %a, %b on pool {reg = 7 : i32, alpha}
  %d = bir.alu min %c, %c on pool
  return
}
