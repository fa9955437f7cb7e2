//! The statistics `goti balance` decides with (issue 49): two-sided
//! p-values of paired differences, one joint test of the win distribution,
//! Holm's step-down correction over a table's tests, and Wald's sequential
//! probability ratio test. Pure functions of numbers; no I/O.

/// The complementary error function, erfc(x) = 1 - erf(x), by the
/// Chebyshev fit of Numerical Recipes (fractional error below 1.2e-7
/// everywhere).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The two-sided p-value of a standard normal statistic `z`.
pub fn two_sided(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The standard normal quantile z(p), 0 < p < 1 (Acklam's rational
/// approximation, relative error below 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    assert!(
        p > 0.0 && p < 1.0,
        "normal_quantile: p = {p} is not in (0, 1)"
    );
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let tail = |q: f64| {
        let q = (-2.0 * q.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail(p)
    } else if p > 1.0 - 0.02425 {
        -tail(1.0 - p)
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// P(X > x) for X chi-square with `df` degrees of freedom (closed forms
/// for whole `df`: a Poisson sum for even `df`, erfc and a half-integer
/// sum for odd).
pub fn chi_square_sf(x: f64, df: usize) -> f64 {
    assert!(
        df > 0,
        "a chi-square test has at least one degree of freedom"
    );
    if x <= 0.0 {
        return 1.0;
    }
    let h = x / 2.0;
    let mut sum = 0.0;
    if df % 2 == 0 {
        let mut term = 1.0;
        for j in 0..df / 2 {
            if j > 0 {
                term *= h / j as f64;
            }
            sum += term;
        }
        (sum * (-h).exp()).min(1.0)
    } else {
        // erfc(√h) + e^-h · Σ_{j=1}^{(df-1)/2} h^(j-1/2) / Γ(j + 1/2).
        let mut term = h.sqrt() / (std::f64::consts::PI.sqrt() / 2.0);
        for j in 1..=(df - 1) / 2 {
            if j > 1 {
                term *= h / (j as f64 - 0.5);
            }
            sum += term;
        }
        (erfc(h.sqrt()) + sum * (-h).exp()).min(1.0)
    }
}

/// The z statistic's two-sided p-value of the mean of paired differences
/// (`n`, mean, sample variance). Differences identical seed for seed
/// (variance 0) give 1 when they are all 0 and 0 otherwise.
pub fn paired_p(n: f64, mean: f64, var: f64) -> f64 {
    if var <= 0.0 || n < 2.0 {
        return if mean == 0.0 { 1.0 } else { 0.0 };
    }
    two_sided(mean / (var / n).sqrt())
}

/// One test of "the distribution changed" for paired categorical outcomes
/// (each seed's category under base and head): Hotelling's T² of the
/// paired differences of the category indicators, all but the last
/// category (they sum to 0), referred to chi-square with one degree of
/// freedom per category kept. A direction in which every seed's
/// difference is the same gives p = 0 if that difference is not 0, and
/// drops out otherwise.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Joint {
    pub statistic: f64,
    pub df: usize,
    pub p: f64,
    /// The p-value after the family's correction.
    pub p_holm: f64,
    /// Rejected at the family's corrected level.
    pub marked: bool,
}

/// [`Joint`] of `pairs` (base category, head category), categories
/// `0..k`.
pub fn joint_paired(pairs: &[(usize, usize)], k: usize) -> Joint {
    let dims = k.saturating_sub(1);
    let n = pairs.len() as f64;
    let none = Joint {
        statistic: 0.0,
        df: dims.max(1),
        p: 1.0,
        p_holm: 1.0,
        marked: false,
    };
    if dims == 0 || pairs.len() < 2 {
        return none;
    }
    let row = |&(b, h): &(usize, usize)| -> Vec<f64> {
        (0..dims)
            .map(|c| f64::from(u8::from(h == c)) - f64::from(u8::from(b == c)))
            .collect()
    };
    let mut mean = vec![0.0; dims];
    for p in pairs {
        for (m, d) in mean.iter_mut().zip(row(p)) {
            *m += d / n;
        }
    }
    let mut cov = vec![vec![0.0; dims]; dims];
    for p in pairs {
        let d = row(p);
        for i in 0..dims {
            for j in 0..dims {
                cov[i][j] += (d[i] - mean[i]) * (d[j] - mean[j]) / (n - 1.0);
            }
        }
    }
    // T² = n · meanᵀ cov⁻¹ mean by Cholesky (cov = L Lᵀ; T² = n |L⁻¹ mean|²),
    // a pivot of (near) zero dropping its direction.
    let mut l = vec![vec![0.0; dims]; dims];
    let mut kept = vec![false; dims];
    let mut y = vec![0.0; dims];
    let scale = (0..dims).map(|i| cov[i][i]).fold(0.0, f64::max).max(1e-300);
    for i in 0..dims {
        let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
        let pivot = cov[i][i] - dot(&l[i][..i], &l[i][..i]);
        let rest = mean[i] - dot(&l[i][..i], &y[..i]);
        if pivot <= 1e-12 * scale {
            // No variance left in this direction: a constant difference.
            if rest.abs() > 1e-12 {
                return Joint {
                    statistic: f64::INFINITY,
                    df: dims,
                    p: 0.0,
                    p_holm: 0.0,
                    marked: false,
                };
            }
            continue;
        }
        kept[i] = true;
        l[i][i] = pivot.sqrt();
        for j in i + 1..dims {
            let s = cov[j][i] - dot(&l[j][..i], &l[i][..i]);
            l[j][i] = s / l[i][i];
        }
        y[i] = rest / l[i][i];
    }
    let df = kept.iter().filter(|k| **k).count();
    if df == 0 {
        return none;
    }
    let statistic = n * y.iter().map(|v| v * v).sum::<f64>();
    let p = chi_square_sf(statistic, df);
    Joint {
        statistic,
        df,
        p,
        p_holm: p,
        marked: false,
    }
}

/// Holm's step-down correction of `p` at family-wise level `alpha`: which
/// tests are rejected, and each test's adjusted p-value (the smallest
/// family-wise level at which it would be).
pub fn holm(p: &[f64], alpha: f64) -> (Vec<bool>, Vec<f64>) {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    let rejected = adjusted.iter().map(|&a| a <= alpha).collect();
    (rejected, adjusted)
}

/// What a sequential test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A change of at least the bound, in the sign given (+1 up, -1 down).
    Changed(i8),
    /// No change as large as the bound.
    Unchanged,
    /// Not yet (or never, at the cap).
    Undecided,
}

/// Wald's sequential probability ratio test of the mean of paired
/// differences, two-sided by Sobel and Wald: H0 (mean 0) against H+
/// (mean +delta) and against H- (mean -delta), each at `alpha`/2, with
/// power 1 - `beta`. The differences are taken as normal with the
/// variance estimated from the games so far (a plug-in, as fishtest's
/// SPRT does). Wald's bounds hold at any stopping time: looking after
/// each block is allowed and only makes the errors smaller.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    pub delta: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The test's state after some games.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SprtState {
    pub n: usize,
    pub mean: f64,
    pub sd: f64,
    /// The log-likelihood ratios of H+ and H- against H0.
    pub llr_up: f64,
    pub llr_down: f64,
    /// Wald's bounds: accept an alternative at or above `upper`, H0 when
    /// both ratios are at or below `lower`.
    pub upper: f64,
    pub lower: f64,
    pub verdict: Verdict,
}

impl Sprt {
    /// The state after the paired differences `d`.
    pub fn state(&self, d: &[f64]) -> SprtState {
        assert!(
            self.delta > 0.0 && self.alpha > 0.0 && self.alpha < 1.0,
            "a sequential test needs a positive bound and 0 < alpha < 1: {self:?}"
        );
        assert!(self.beta > 0.0 && self.beta < 1.0, "0 < beta < 1: {self:?}");
        let n = d.len();
        let nf = n as f64;
        let mean = d.iter().sum::<f64>() / nf.max(1.0);
        let var = if n > 1 {
            d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (nf - 1.0)
        } else {
            0.0
        };
        let upper = ((1.0 - self.beta) / (self.alpha / 2.0)).ln();
        let lower = (self.beta / (1.0 - self.alpha / 2.0)).ln();
        // Differences identical seed for seed carry no noise: a tiny
        // variance lets the sign of the mean's distance from delta/2 decide.
        let var = var.max(1e-12 * self.delta * self.delta);
        let llr = |m: f64| nf * (m * mean - m * m / 2.0) / var;
        let (llr_up, llr_down) = (llr(self.delta), llr(-self.delta));
        let verdict = if n < 2 {
            Verdict::Undecided
        } else if llr_up >= upper {
            Verdict::Changed(1)
        } else if llr_down >= upper {
            Verdict::Changed(-1)
        } else if llr_up <= lower && llr_down <= lower {
            Verdict::Unchanged
        } else {
            Verdict::Undecided
        };
        SprtState {
            n,
            mean,
            sd: var.sqrt(),
            llr_up,
            llr_down,
            upper,
            lower,
            verdict,
        }
    }

    /// The games a side a fixed-sample test of the same error rates needs
    /// for a change of `delta` when the differences' sd is `sd`:
    /// ((z(1-α/2) + z(1-β)) · sd / δ)².
    pub fn fixed_sample(&self, sd: f64) -> f64 {
        let z = normal_quantile(1.0 - self.alpha / 2.0) + normal_quantile(1.0 - self.beta);
        (z * sd / self.delta).powi(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn normal_tails_and_quantiles_match_the_tables() {
        assert!(close(two_sided(1.959_964), 0.05, 1e-6));
        assert!(close(two_sided(2.575_829), 0.01, 1e-6));
        assert!(close(two_sided(0.0), 1.0, 1e-6));
        assert!(close(normal_quantile(0.975), 1.959_964, 1e-6));
        assert!(close(normal_quantile(0.95), 1.644_854, 1e-6));
        assert!(close(normal_quantile(0.001), -3.090_232, 1e-6));
        assert!(close(erfc(-1.0), 1.842_700_79, 1e-6));
    }

    #[test]
    fn chi_square_tails_match_the_tables() {
        // Upper 5% points: 3.841 (1), 5.991 (2), 7.815 (3), 9.488 (4).
        for (x, df) in [
            (3.841_459, 1),
            (5.991_465, 2),
            (7.814_728, 3),
            (9.487_729, 4),
        ] {
            assert!(close(chi_square_sf(x, df), 0.05, 1e-5), "{df}");
        }
        assert!(close(chi_square_sf(11.070_5, 5), 0.05, 1e-5));
        assert_eq!(chi_square_sf(0.0, 3), 1.0);
    }

    #[test]
    fn holm_steps_down_and_stops_at_the_first_failure() {
        // m = 4: thresholds 0.0125, 0.0167, 0.025, 0.05.
        let (rej, adj) = holm(&[0.03, 0.01, 0.04, 0.005], 0.05);
        assert_eq!(rej, vec![false, true, false, true]);
        assert!(close(adj[3], 0.02, 1e-12) && close(adj[1], 0.03, 1e-12));
        // 0.03 * 2 = 0.06 > 0.05: stops, and 0.04 is not rejected either
        // although 0.04 <= 0.05 alone.
        assert!(close(adj[0], 0.06, 1e-12) && close(adj[2], 0.06, 1e-12));
        let (rej, _) = holm(&[0.001, 0.002, 0.003], 0.05);
        assert_eq!(rej, vec![true; 3]);
    }

    #[test]
    fn the_joint_test_sees_a_shift_and_not_noise() {
        // 4 categories; head moves 200 of 1,000 seeds from 0 to 1.
        let pairs: Vec<(usize, usize)> = (0..1000)
            .map(|i| {
                let b = i % 4;
                (b, if b == 0 && i % 8 == 0 { 1 } else { b })
            })
            .collect();
        let j = joint_paired(&pairs, 4);
        assert!(j.p < 1e-10, "{j:?}");
        // Identical outcomes: nothing to test.
        let same: Vec<(usize, usize)> = (0..1000).map(|i| (i % 4, i % 4)).collect();
        assert_eq!(joint_paired(&same, 4).p, 1.0);
        // Independent outcomes: a chi-square(3) statistic, small here.
        let mut x: u64 = 7;
        let mut next = || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            ((x >> 33) % 4) as usize
        };
        let noise: Vec<(usize, usize)> = (0..4000).map(|_| (next(), next())).collect();
        let j = joint_paired(&noise, 4);
        assert_eq!(j.df, 3);
        assert!(j.p > 0.01, "{j:?}");
        // One category never used: its direction drops out.
        let two: Vec<(usize, usize)> = (0..400).map(|i| (i % 2, (i / 2) % 2)).collect();
        assert_eq!(joint_paired(&two, 3).df, 1);
    }

    #[test]
    fn sprt_decides_both_ways_and_waits_between() {
        let t = Sprt {
            delta: 0.5,
            alpha: 0.05,
            beta: 0.05,
        };
        let shifted: Vec<f64> = (0..400)
            .map(|i| 1.0 + if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        assert_eq!(t.state(&shifted).verdict, Verdict::Changed(1));
        let down: Vec<f64> = shifted.iter().map(|x| -x).collect();
        assert_eq!(t.state(&down).verdict, Verdict::Changed(-1));
        let flat: Vec<f64> = (0..400)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        assert_eq!(t.state(&flat).verdict, Verdict::Unchanged);
        assert_eq!(t.state(&flat[..6]).verdict, Verdict::Undecided);
        // Identical seed for seed: no change.
        assert_eq!(t.state(&[0.0; 50]).verdict, Verdict::Unchanged);
        // Bounds: ln(0.95 / 0.025) and ln(0.05 / 0.975).
        let s = t.state(&flat);
        assert!(close(s.upper, 3.637_586, 1e-5) && close(s.lower, -2.970_414, 1e-5));
        // sd 1, delta 0.5, alpha = beta = 0.05: ((1.96 + 1.645) * 2)^2 = 51.98.
        assert!(close(t.fixed_sample(1.0), 51.98, 0.01));
    }
}
