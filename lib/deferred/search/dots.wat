;; The nearest-tools scan's one loop (dot-scan.ts), in WebAssembly with 128-bit SIMD: the dot product of one query
;; with each of `count` rows. Each product is worked out in double precision and summed in four running sums
;; (numbers 0, 1, 2, 3 of every four), added up as ((s0 + s1) + s2) + s3: the same operations, in the same order, as
;; the JavaScript loop in dot-scan.ts, so the sums are the same to the last bit, about four times sooner.
;;
;; `npm run build:wasm` compiles this file into dots-wasm.ts (a test checks that the two agree).
(module
  (import "env" "memory" (memory 1))
  ;; rows: byte offset of `count` rows of `stride` float32 numbers; query: byte offset of `dim` float64 numbers;
  ;; out: byte offset of `count` float64 results. dim is a multiple of 4 and at most stride.
  (func (export "dots")
    (param $rows i32) (param $query i32) (param $out i32) (param $count i32) (param $dim i32) (param $stride i32)
    (local $i i32) (local $q i32) (local $r i32) (local $queryEnd i32) (local $rowBytes i32)
    (local $s01 v128) (local $s23 v128)
    (local.set $queryEnd (i32.add (local.get $query) (i32.shl (local.get $dim) (i32.const 3))))
    (local.set $rowBytes (i32.shl (local.get $stride) (i32.const 2)))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $s01 (v128.const i64x2 0 0))
        (local.set $s23 (v128.const i64x2 0 0))
        (local.set $q (local.get $query))
        (local.set $r (local.get $rows))
        (block $end
          (loop $four
            (br_if $end (i32.ge_u (local.get $q) (local.get $queryEnd)))
            ;; numbers 0 and 1 of these four, then 2 and 3: each float32 widened to a double, then multiplied
            (local.set $s01
              (f64x2.add (local.get $s01)
                (f64x2.mul (v128.load (local.get $q))
                  (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $r))))))
            (local.set $s23
              (f64x2.add (local.get $s23)
                (f64x2.mul (v128.load offset=16 (local.get $q))
                  (f64x2.promote_low_f32x4 (v128.load64_zero offset=8 (local.get $r))))))
            (local.set $q (i32.add (local.get $q) (i32.const 32)))
            (local.set $r (i32.add (local.get $r) (i32.const 16)))
            (br $four)))
        (f64.store (local.get $out)
          (f64.add
            (f64.add
              (f64.add (f64x2.extract_lane 0 (local.get $s01)) (f64x2.extract_lane 1 (local.get $s01)))
              (f64x2.extract_lane 0 (local.get $s23)))
            (f64x2.extract_lane 1 (local.get $s23))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $rows (i32.add (local.get $rows) (local.get $rowBytes)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $row)))))
