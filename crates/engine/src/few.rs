//! `Few<T, N>`: at most `N` values in place, for the engine's fast path
//! (a player has at most five pieces, so groups, movers and members fit a
//! fixed array and an action allocates nothing). More than `N` is a broken
//! invariant of the caller and an assertion, never a silent drop.

/// At most `N` copies of `T`, in order, without allocating.
#[derive(Clone, Copy)]
pub struct Few<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    pub fn new() -> Self {
        Few {
            items: [T::default(); N],
            len: 0,
        }
    }
    /// The values of `iter`, which must yield at most `N`.
    pub fn of(iter: impl IntoIterator<Item = T>) -> Self {
        let mut few = Few::new();
        for x in iter {
            few.push(x);
        }
        few
    }
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few::new()
    }
}

impl<T: Copy, const N: usize> Few<T, N> {
    pub fn push(&mut self, x: T) {
        let n = self.len as usize;
        assert!(
            n < N,
            "Few: more than {N} values (a caller's bound is broken)"
        );
        self.items[n] = x;
        self.len += 1;
    }
    /// Puts `x` first, moving the others back.
    pub fn push_front(&mut self, x: T) {
        self.push(x);
        self.as_mut_slice().rotate_right(1);
    }
    /// Takes the first value, moving the others forward.
    pub fn pop_front(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let x = self.items[0];
        self.as_mut_slice().rotate_left(1);
        self.len -= 1;
        Some(x)
    }
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy, const N: usize> std::ops::DerefMut for Few<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy + std::fmt::Debug, const N: usize> std::fmt::Debug for Few<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Few;

    #[test]
    fn keeps_order_through_front_and_retain() {
        let mut f: Few<u8, 4> = Few::of([2, 3]);
        f.push_front(1);
        f.push(4);
        assert_eq!(f.as_slice(), &[1, 2, 3, 4]);
        f.retain(|&x| x % 2 == 0);
        assert_eq!(f.as_slice(), &[2, 4]);
        assert_eq!(f.pop_front(), Some(2));
        assert_eq!(f.as_slice(), &[4]);
    }

    #[test]
    #[should_panic(expected = "more than 2 values")]
    fn more_than_its_bound_is_an_assertion() {
        let _: Few<u8, 2> = Few::of([1, 2, 3]);
    }
}
