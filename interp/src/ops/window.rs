//! Window geometry shared by `hlo.reduce_window`, `hlo.select_and_scatter` and
//! `hlo.convolution`: which base element each window element covers.
//!
//! XLA's semantics kept here (`Window`, `InferWindowOutputShape`): per dimension, a window
//! of `size` elements, spread by `window_dilation` (holes between window elements), slides
//! by `stride` over the base after `base_dilation` (holes between base elements) and
//! `padding` (`low` elements before and `high` after; negative padding removes elements).
//! Window element `k` of window position `o` covers the dilated and padded base at
//! `o * stride + k * window_dilation`, which is base element
//! `(o * stride + k * window_dilation - low) / base_dilation` when that divides exactly and
//! lands inside the base, and padding or a hole otherwise.

use crate::ops::support::entry_or;

/// One dimension of a window.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct WindowDim {
    pub size: i64,
    pub stride: i64,
    pub padding: (i64, i64),
    pub base_dilation: i64,
    pub window_dilation: i64,
}

/// The optional attributes that describe a window, per dimension.
#[derive(Default)]
pub struct WindowAttrs<'a> {
    pub strides: Option<&'a [i64]>,
    pub padding: Option<Vec<&'a [i64]>>,
    pub base_dilations: Option<&'a [i64]>,
    pub window_dilations: Option<&'a [i64]>,
}

impl WindowAttrs<'_> {
    /// The window of `sizes`, the other attributes defaulting to stride 1, no padding and
    /// no dilation; an error names a value that is not positive or a malformed padding.
    pub fn window(&self, sizes: &[i64]) -> Result<Vec<WindowDim>, String> {
        sizes
            .iter()
            .enumerate()
            .map(|(d, &size)| {
                let padding = match &self.padding {
                    None => (0, 0),
                    Some(pairs) => match pairs.get(d) {
                        Some(&&[low, high]) => (low, high),
                        _ => return Err(format!("the padding of dimension {d} must be a [low, high] pair")),
                    },
                };
                let window = WindowDim {
                    size,
                    stride: entry_or(self.strides, d, 1),
                    padding,
                    base_dilation: entry_or(self.base_dilations, d, 1),
                    window_dilation: entry_or(self.window_dilations, d, 1),
                };
                let values = [
                    ("window size", size),
                    ("stride", window.stride),
                    ("base dilation", window.base_dilation),
                    ("window dilation", window.window_dilation),
                ];
                match values.iter().find(|(_, v)| *v < 1) {
                    Some((what, v)) => Err(format!("the {what} of dimension {d} is {v}, it must be positive")),
                    None => Ok(window),
                }
            })
            .collect()
    }
}

/// `(n - 1) * d + 1`, or 0 for an empty dimension.
fn dilated(n: i64, d: i64) -> i64 {
    if n <= 0 {
        0
    } else {
        (n - 1) * d + 1
    }
}

impl WindowDim {
    /// The number of window positions over a base dimension of size `base`.
    pub fn output_size(&self, base: i64) -> i64 {
        let padded = self.padding.0 + dilated(base, self.base_dilation) + self.padding.1;
        let span = dilated(self.size, self.window_dilation);
        if padded < span || padded <= 0 {
            0
        } else {
            (padded - span) / self.stride + 1
        }
    }

    /// The base element that window element `k` of position `o` covers, or `None` for
    /// padding and holes.
    pub fn source(&self, base: i64, o: i64, k: i64) -> Option<i64> {
        let dilated_position = o * self.stride + k * self.window_dilation - self.padding.0;
        if dilated_position < 0 || dilated_position % self.base_dilation != 0 {
            return None;
        }
        let position = dilated_position / self.base_dilation;
        (position < base).then_some(position)
    }

    /// For every window position `o` and window element `k`, at `o * size + k`, the base
    /// element covered (see [`WindowDim::source`]).
    pub fn sources(&self, base: i64) -> Vec<Option<usize>> {
        let positions = self.output_size(base);
        let mut table = Vec::with_capacity((positions.max(0) * self.size.max(0)) as usize);
        for o in 0..positions {
            for k in 0..self.size {
                table.push(self.source(base, o, k).map(|p| p as usize));
            }
        }
        table
    }
}

/// The base positions (row-major, in `base`) covered by the elements of one window, in
/// row-major order of the window, with `None` for padding and holes; built from per
/// dimension [`WindowDim::sources`] tables.
pub struct WindowCover {
    windows: Vec<WindowDim>,
    tables: Vec<Vec<Option<usize>>>,
    base_strides: Vec<usize>,
    /// The window positions per dimension.
    pub output_shape: Vec<i64>,
}

impl WindowCover {
    /// The cover of `windows` (one per dimension of `base`) over `base`.
    pub fn new(base: &[i64], windows: &[WindowDim]) -> Result<WindowCover, String> {
        if base.len() != windows.len() {
            return Err(format!("the window has {} dimensions, but the base has rank {}", windows.len(), base.len()));
        }
        let strides = crate::index::row_major_strides(base);
        Ok(WindowCover {
            windows: windows.to_vec(),
            tables: windows.iter().zip(base).map(|(w, &b)| w.sources(b)).collect(),
            base_strides: strides.iter().map(|&s| s as usize).collect(),
            output_shape: windows.iter().zip(base).map(|(w, &b)| w.output_size(b)).collect(),
        })
    }

    /// The number of elements of one window.
    pub fn window_len(&self) -> usize {
        self.windows.iter().map(|w| w.size as usize).product()
    }

    /// Fills `cover` with the base positions of the elements of the window at multi-index
    /// `position` (one entry per window element, row-major).
    pub fn cover(&self, position: &[i64], cover: &mut Vec<Option<usize>>) {
        cover.clear();
        cover.push(Some(0));
        for (d, window) in self.windows.iter().enumerate() {
            let size = window.size as usize;
            let row = &self.tables[d][position[d] as usize * size..][..size];
            // Expand each partial position into `size` ones, in place from the back: entry
            // `i` moves to `i * size..(i + 1) * size`, never before `i`.
            let len = cover.len();
            cover.resize(len * size, None);
            for i in (0..len).rev() {
                let offset = cover[i];
                for (j, source) in row.iter().enumerate().rev() {
                    cover[i * size + j] = offset.zip(*source).map(|(o, s)| o + s * self.base_strides[d]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dim(size: i64, stride: i64, padding: (i64, i64), base_dilation: i64, window_dilation: i64) -> WindowDim {
        WindowDim { size, stride, padding, base_dilation, window_dilation }
    }

    #[test]
    fn output_sizes_follow_xla() {
        // 5 padded by one on each side is 7; windows of 3 by 2 give 3.
        assert_eq!(dim(3, 2, (1, 1), 1, 1).output_size(5), 3);
        // 4 dilated by 2 is 7; a window of 2 dilated by 2 spans 3, giving 5.
        assert_eq!(dim(2, 1, (0, 0), 2, 2).output_size(4), 5);
        // Negative padding crops; a window larger than the base gives none.
        assert_eq!(dim(3, 2, (-1, 0), 1, 1).output_size(7), 2);
        assert_eq!(dim(4, 1, (0, 0), 1, 1).output_size(3), 0);
    }

    #[test]
    fn window_elements_cover_base_elements_padding_and_holes() {
        // Base [a, b, c] dilated by 2 and padded by one: [pad, a, hole, b, hole, c].
        let window = dim(2, 1, (1, 0), 2, 1);
        let covered: Vec<Option<usize>> = (0..window.output_size(3))
            .flat_map(|o| (0..2).map(move |k| window.source(3, o, k)))
            .map(|s| s.map(|p| p as usize))
            .collect();
        assert_eq!(covered, vec![None, Some(0), Some(0), None, None, Some(1), Some(1), None, None, Some(2)]);
        assert_eq!(window.sources(3), covered);
    }

    #[test]
    fn covers_list_row_major_base_positions() {
        let windows = [dim(2, 1, (0, 0), 1, 1), dim(2, 2, (0, 1), 1, 1)];
        let cover = WindowCover::new(&[2, 3], &windows).expect("a window per dimension");
        assert_eq!(cover.output_shape, vec![1, 2]);
        let mut positions = Vec::new();
        cover.cover(&[0, 1], &mut positions);
        assert_eq!(positions, vec![Some(2), None, Some(5), None]);
    }
}
