//! The logistic model shared by the fits: the expected score of an
//! evaluation, and the search for the scale that fits scores best.

/// The logistic function: the expected score of an evaluation `x`
/// measured in units of the scale.
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The scale between 10 and 10 000 where `loss` (one minimum there) is
/// least: a golden-section search on its logarithm.
pub(crate) fn best_scale(loss: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (10f64.ln(), 10_000f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| loss(x.exp());
    let (mut a, mut b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + phi * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}
