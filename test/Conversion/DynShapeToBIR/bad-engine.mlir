// RUN: not dyn-opt %s --convert-dynshape-to-bir=engine=gpu 2>&1 | FileCheck %s
// CHECK: error: unknown engine 'gpu'
func.func @f() {
  return
}
