//! `Short<T, N>`: a list an event carries (the dice dealt, the rolls a
//! move spends, the guards captured), kept in place up to `N` values and
//! on the heap past that. Nearly every such list is short, so recording an
//! event allocates nothing; a longer one (a roll store rules let grow) is
//! kept whole, never cut. It reads as a slice.

use std::fmt;
use std::ops::Deref;

/// Up to `N` values in place, more on the heap; reads as `&[T]`.
#[derive(Clone)]
pub struct Short<T: Copy, const N: usize>(Repr<T, N>);

#[derive(Clone)]
enum Repr<T: Copy, const N: usize> {
    /// The first `len` of `items` (1 to `N` of them).
    In { len: u8, items: [T; N] },
    /// None (an empty `Vec` allocates nothing), or more than `N`.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Short<T, N> {
    /// The values of `list`.
    pub fn of(list: &[T]) -> Self {
        const { assert!(N > 0 && N < 256, "Short holds 1 to 255 values in place") };
        match list.first() {
            Some(&first) if list.len() <= N => {
                let mut items = [first; N];
                items[..list.len()].copy_from_slice(list);
                Short(Repr::In {
                    len: list.len() as u8,
                    items,
                })
            }
            _ => Short(Repr::Heap(list.to_vec())),
        }
    }
}

impl<T: Copy, const N: usize> Short<T, N> {
    /// Whether the values are on the heap (more than `N` of them).
    #[inline(always)]
    pub fn spilled(&self) -> bool {
        matches!(&self.0, Repr::Heap(v) if v.capacity() != 0)
    }
}

impl<T: Copy, const N: usize> Deref for Short<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match &self.0 {
            Repr::In { len, items } => &items[..usize::from(*len)],
            Repr::Heap(v) => v,
        }
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for Short<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        const { assert!(N > 0 && N < 256, "Short holds 1 to 255 values in place") };
        let mut iter = iter.into_iter();
        let Some(first) = iter.next() else {
            return Short(Repr::Heap(Vec::new()));
        };
        let mut items = [first; N];
        let mut len = 1;
        while let Some(x) = iter.next() {
            if len == N {
                let mut all = items.to_vec();
                all.push(x);
                all.extend(iter);
                return Short(Repr::Heap(all));
            }
            items[len] = x;
            len += 1;
        }
        Short(Repr::In {
            len: len as u8,
            items,
        })
    }
}

impl<T: Copy, const N: usize> From<Vec<T>> for Short<T, N> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Short<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for Short<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for Short<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for Short<T, N> {}

impl<T: Copy + PartialEq, const N: usize> PartialEq<Vec<T>> for Short<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == **other
    }
}

#[cfg(test)]
mod tests {
    use super::Short;

    #[test]
    fn keeps_every_value_in_order_whatever_the_length() {
        for n in 0..12u8 {
            let want: Vec<u8> = (0..n).collect();
            let short: Short<u8, 4> = want.iter().copied().collect();
            assert_eq!(&*short, &want[..], "{n} values");
            assert_eq!(Short::<u8, 4>::from(want.clone()), want);
            assert_eq!(format!("{short:?}"), format!("{want:?}"));
            assert_eq!(Short::<u8, 4>::of(&want), short);
            assert_eq!(short.spilled(), n > 4, "{n} values");
        }
    }

    #[test]
    fn equal_lists_are_equal_however_kept() {
        let a: Short<u8, 2> = Short::of(&[1, 2]);
        let b: Short<u8, 2> = Short::of(&[1, 2, 3]);
        assert_ne!(a, b);
        assert_eq!(b, Short::of(&[1, 2, 3]));
        assert_eq!(Short::<u8, 2>::of(&[]), Short::of(&[]));
    }
}
