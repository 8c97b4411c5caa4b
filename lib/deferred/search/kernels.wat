;; The learned vectors' two loops in WebAssembly with 128-bit SIMD: `dots`, the nearest-tools scan (dot-scan.ts), and
;; `sums`, a tool's vector summed from its words' (row-sums.ts). Each does the same operations, in the same order, as
;; its JavaScript loop (in those files), so the numbers are the same to the last bit, only sooner: every float32 is
;; widened to a double, multiplied and added there, and each sum kept as the JavaScript loop keeps it.
;;
;; `npm run build:wasm` compiles this file into kernels-wasm.ts (a test checks that the two agree).
(module
  (import "env" "memory" (memory 1))

  ;; out[i] = the dot product of the query with row i, for i < count. rows: byte offset of `count` rows of `stride`
  ;; float32 numbers; query: byte offset of `dim` float64 numbers; out: byte offset of `count` float64 results. dim
  ;; is a multiple of 4 and at most stride. Four running sums (numbers 0, 1, 2, 3 of every four), added up as
  ;; ((s0 + s1) + s2) + s3.
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
        (br $row))))

  ;; out[j] += weights[k] × table[ids[k]][j] for each k < count in turn, j < dim: out and the table's rows are
  ;; float32 numbers, each addition worked out in double precision and rounded to a float32 (as a Float32Array's
  ;; `+=` is). table: byte offset of the rows (dim numbers each); ids: byte offset of `count` int32 row numbers;
  ;; weights: byte offset of `count` float64 weights; out: byte offset of dim float32 numbers; dim is even.
  (func (export "sums")
    (param $table i32) (param $ids i32) (param $weights i32) (param $count i32) (param $out i32) (param $dim i32)
    (local $k i32) (local $r i32) (local $o i32) (local $outEnd i32) (local $rowBytes i32) (local $w v128)
    (local.set $rowBytes (i32.shl (local.get $dim) (i32.const 2)))
    (local.set $outEnd (i32.add (local.get $out) (local.get $rowBytes)))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $w (f64x2.splat (f64.load (local.get $weights))))
        (local.set $r
          (i32.add (local.get $table) (i32.mul (i32.load (local.get $ids)) (local.get $rowBytes))))
        (local.set $o (local.get $out))
        (block $end
          (loop $two
            (br_if $end (i32.ge_u (local.get $o) (local.get $outEnd)))
            (v128.store64_lane 0 (local.get $o)
              (f32x4.demote_f64x2_zero
                (f64x2.add
                  (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $o)))
                  (f64x2.mul (local.get $w) (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $r)))))))
            (local.set $o (i32.add (local.get $o) (i32.const 8)))
            (local.set $r (i32.add (local.get $r) (i32.const 8)))
            (br $two)))
        (local.set $ids (i32.add (local.get $ids) (i32.const 4)))
        (local.set $weights (i32.add (local.get $weights) (i32.const 8)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $word)))))
