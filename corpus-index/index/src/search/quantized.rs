//! Passage embeddings held in 8 bits a component: symmetric scalar quantization with one
//! scale per vector (component `i` ≈ `scale × values[i]`, `values[i]` in −127..=127).
//!
//! A 384-dimension all-MiniLM-L6-v2 vector takes 388 bytes instead of 1,536, so the
//! embeddings of the whole D.C. Code (about 130,000 windows) fit in about 50 MB of the
//! server's memory and the store. The rounding error of one component is at most
//! `scale / 2`; on unit vectors the cosine against an `f32` query moves by about 10⁻³ at
//! most, which leaves dense rankings as they were (`docs/measurements.md`, tenth session).

/// A unit vector in 8 bits a component. Built by [`QuantizedVector::quantize`]; scored
/// against a full-precision query by [`QuantizedVector::dot`].
#[derive(Debug, Clone, PartialEq)]
pub struct QuantizedVector {
    /// The value of one step: the largest absolute component divided by 127 (0 for the
    /// zero vector).
    scale: f32,
    values: Box<[i8]>,
}

impl QuantizedVector {
    /// `vector` rounded to 8 bits a component; `None` when it is empty or has a component
    /// that is not finite.
    pub fn quantize(vector: &[f32]) -> Option<Self> {
        if vector.is_empty() || !vector.iter().all(|x| x.is_finite()) {
            return None;
        }
        let max = vector.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let scale = max / 127.0;
        let values = vector
            .iter()
            .map(|&x| {
                if scale > 0.0 {
                    // In −127..=127 by construction of `scale`.
                    (x / scale).round().clamp(-127.0, 127.0) as i8
                } else {
                    0
                }
            })
            .collect();
        Some(Self { scale, values })
    }

    /// The number of components.
    pub fn dim(&self) -> usize {
        self.values.len()
    }

    /// The dot product with `query` (its cosine when both are unit vectors); 0 when the
    /// dimensions differ.
    pub fn dot(&self, query: &[f32]) -> f32 {
        if query.len() != self.values.len() {
            return 0.0;
        }
        let sum: f32 = self
            .values
            .iter()
            .zip(query)
            .map(|(&q, &x)| f32::from(q) * x)
            .sum();
        sum * self.scale
    }

    /// The components, dequantized.
    pub fn to_f32(&self) -> Vec<f32> {
        self.values
            .iter()
            .map(|&q| f32::from(q) * self.scale)
            .collect()
    }

    /// The stored form: the scale as little-endian `f32`, then one byte a component.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + self.values.len());
        out.extend_from_slice(&self.scale.to_le_bytes());
        out.extend(self.values.iter().map(|&q| q.to_le_bytes()[0]));
        out
    }

    /// Reads [`QuantizedVector::to_bytes`]; `None` when there are no components or the
    /// scale is negative or not finite.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let (scale, values) = bytes.split_first_chunk::<4>()?;
        let scale = f32::from_le_bytes(*scale);
        if values.is_empty() || !scale.is_finite() || scale < 0.0 {
            return None;
        }
        Some(Self {
            scale,
            values: values.iter().map(|&b| i8::from_le_bytes([b])).collect(),
        })
    }
}

impl AsRef<QuantizedVector> for QuantizedVector {
    fn as_ref(&self) -> &QuantizedVector {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::dense::normalize;

    /// A deterministic unit vector of 384 components with the spread of a sentence
    /// embedding (components of either sign, a few larger than the rest).
    fn unit(seed: u64) -> Vec<f32> {
        let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let v = (0..384)
            .map(|i| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let x = ((state >> 33) as f32 / (1u64 << 31) as f32) - 0.5;
                if i % 50 == 0 { x * 4.0 } else { x }
            })
            .collect();
        normalize(v)
    }

    #[test]
    fn cosines_of_quantized_vectors_stay_within_the_rounding_bound_and_keep_their_order() {
        let query = unit(1);
        let passages: Vec<Vec<f32>> = (2..200).map(unit).collect();
        let exact: Vec<f32> = passages
            .iter()
            .map(|p| p.iter().zip(&query).map(|(a, b)| a * b).sum())
            .collect();
        let quantized: Vec<QuantizedVector> = passages
            .iter()
            .map(|p| QuantizedVector::quantize(p).expect("finite"))
            .collect();
        let query_l1: f32 = query.iter().map(|x| x.abs()).sum();
        for ((e, q), p) in exact.iter().zip(&quantized).zip(&passages) {
            let a = q.dot(&query);
            // Each component is off by at most half a step.
            let bound = query_l1 * q.scale / 2.0 + 1e-6;
            assert!(
                (e - a).abs() <= bound,
                "exact {e}, quantized {a}, bound {bound}"
            );
            assert!((e - a).abs() < 2e-3, "exact {e}, quantized {a}");
            assert!(
                q.to_f32()
                    .iter()
                    .zip(p)
                    .all(|(d, o)| (d - o).abs() <= q.scale / 2.0 + 1e-7)
            );
        }
        let top = |scores: Vec<f32>| {
            let mut order: Vec<usize> = (0..scores.len()).collect();
            order.sort_by(|&i, &j| scores[j].total_cmp(&scores[i]));
            order.truncate(3);
            order
        };
        let approx = quantized.iter().map(|q| q.dot(&query)).collect();
        assert_eq!(top(exact), top(approx));
    }

    #[test]
    fn the_stored_form_reads_back_and_rejects_what_is_not_one() {
        let q = QuantizedVector::quantize(&unit(7)).expect("finite");
        let bytes = q.to_bytes();
        assert_eq!(bytes.len(), 4 + 384);
        assert_eq!(QuantizedVector::from_bytes(&bytes), Some(q.clone()));
        assert_eq!(QuantizedVector::from_bytes(&bytes[..4]), None);
        let mut nan = bytes.clone();
        nan[..4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(QuantizedVector::from_bytes(&nan), None);
        assert_eq!(QuantizedVector::quantize(&[]), None);
        assert_eq!(QuantizedVector::quantize(&[0.5, f32::INFINITY]), None);
        let zero = QuantizedVector::quantize(&[0.0, 0.0]).expect("finite");
        assert_eq!(zero.dot(&[1.0, 1.0]), 0.0);
        assert_eq!(q.dot(&[1.0]), 0.0);
    }
}
