// The engine option takes the engines by name; anything else is rejected
// by the option parser.
// RUN: not dyn-opt %s --convert-dynshape-to-bir=engine=gpu 2>&1 | FileCheck %s
// CHECK: Cannot find option named 'gpu'
func.func @f() {
  return
}
