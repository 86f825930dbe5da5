// exp and erf as openskill.js computes them: JavaScript's Math.exp (V8: a
// port of Sun's fdlibm) and @stdlib/math-base-special-erf (fdlibm's s_erf.c
// over the same exp). The C library's exp and erf differ from these in the
// last bit now and then, which is harmless except where openskill computes
// Phi as 0.5 (1 + erf(x / sqrt 2)) far in the lower tail: there 1 + erf
// keeps only a few bits, and a last-bit difference becomes a visible one that
// a stream of matches carries on. With these, a stream rated here agrees with
// openskill.js to the bit. (Compile without FMA contraction, the default for
// x86-64; fdlibm's error analysis assumes separate roundings too.)
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace ratekit::plugins::wl::fdlibm {

// e^x: x = k ln2 + r, |r| <= ln2 / 2, with ln2 split in two for an exact k ln2;
// e^r from a degree-5 minimax fit of r (e^r + 1) / (e^r - 1) (fdlibm e_exp.c).
inline double exp(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  constexpr double log2_e = 1.44269504088896338700e+00;
  constexpr double p1 = 1.66666666666666019037e-01, p2 = -2.77777777770155933842e-03,
                   p3 = 6.61375632143793436117e-05, p4 = -1.65339022054652515390e-06,
                   p5 = 4.13813679705723846039e-08;
  if (std::isnan(x)) return x;
  if (x > 7.09782712893383973096e+02) return INFINITY;
  if (x < -7.45133219101941108420e+02) return 0.0;
  if (x > -0x1p-28 && x < 0x1p-28) return 1.0 + x;
  const double k = std::trunc(x < 0.0 ? log2_e * x - 0.5 : log2_e * x + 0.5);
  const double hi = x - k * ln2_hi, lo = k * ln2_lo;
  const double r = hi - lo, t = r * r;
  const double c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
  const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  return std::ldexp(y, int(k));
}

// erf(x): rational fits on |x| < 0.84375 and < 1.25, and for 1.25 <= |x| < 6
// erf = 1 - exp(-x^2 - 0.5625 + R/S) / x with x^2 split for precision
// (fdlibm s_erf.c, as @stdlib writes it); +-1 from 6 on.
inline double erf(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x > 0.0 ? 1.0 : -1.0;
  if (x == 0.0) return x;
  const bool negative = x < 0.0;
  const double ax = negative ? -x : x;
  if (ax < 0.84375) {
    if (ax < 3.725290298461914e-9) {  // 2^-28
      if (ax < 2.848094538889218e-306) return 0.125 * (8.0 * x + 1.02703333676410069053 * x);
      return x + 1.28379167095512586316e-1 * x;
    }
    const double z = x * x;
    const double r = 1.28379167095512558561e-1 +
                     z * (-0.3250421072470015 +
                          z * (-0.02848174957559851 + z * (-0.005770270296489442 + z * -0.000023763016656650163)));
    const double s = 1.0 + z * (0.39791722395915535 +
                                z * (0.0650222499887673 +
                                     z * (0.005081306281875766 +
                                          z * (0.00013249473800432164 + z * -0.000003960228278775368))));
    return x + x * (r / s);
  }
  if (ax < 1.25) {
    const double s = ax - 1.0;
    const double p = -2.36211856075265944077e-3 +
                     s * (0.41485611868374833 +
                          s * (-0.3722078760357013 +
                               s * (0.31834661990116175 +
                                    s * (-0.11089469428239668 + s * (0.035478304325618236 + s * -0.002166375594868791)))));
    const double q = 1.0 + s * (0.10642088040084423 +
                                s * (0.540397917702171 +
                                     s * (0.07182865441419627 +
                                          s * (0.12617121980876164 + s * (0.01363708391202905 + s * 0.011984499846799107)))));
    constexpr double erx = 8.45062911510467529297e-1;
    return negative ? -erx - p / q : erx + p / q;
  }
  if (ax >= 6.0) return negative ? 1.0e-300 - 1.0 : 1.0 - 1.0e-300;
  const double s = 1.0 / (ax * ax);
  double r, t;
  if (ax < 2.857142857142857) {  // 1 / 0.35
    r = -9.86494403484714822705e-3 +
        s * (-0.6938585727071818 +
             s * (-10.558626225323291 +
                  s * (-62.375332450326006 +
                       s * (-162.39666946257347 + s * (-184.60509290671104 + s * (-81.2874355063066 + s * -9.814329344169145))))));
    t = 1.0 + s * (19.651271667439257 +
                   s * (137.65775414351904 +
                        s * (434.56587747522923 +
                             s * (645.3872717332679 +
                                  s * (429.00814002756783 +
                                       s * (108.63500554177944 + s * (6.570249770319282 + s * -0.0604244152148581)))))));
  } else {
    r = -9.86494292470009928597e-3 +
        s * (-0.799283237680523 +
             s * (-17.757954917754752 +
                  s * (-160.63638485582192 + s * (-637.5664433683896 + s * (-1025.0951316110772 + s * -483.5191916086514)))));
    t = 1.0 + s * (30.33806074348246 +
                   s * (325.7925129965739 +
                        s * (1536.729586084437 +
                             s * (3199.8582195085955 + s * (2553.0504064331644 + s * (474.52854120695537 + s * -22.44095244658582))))));
  }
  // z: ax with its low 32 bits cleared, so z * z is exact.
  uint64_t bits;
  std::memcpy(&bits, &ax, sizeof bits);
  bits &= 0xffffffff00000000ull;
  double z;
  std::memcpy(&z, &bits, sizeof z);
  const double e = fdlibm::exp(-(z * z) - 0.5625) * fdlibm::exp((z - ax) * (z + ax) + r / t);
  return negative ? e / ax - 1.0 : 1.0 - e / ax;
}

}  // namespace ratekit::plugins::wl::fdlibm
