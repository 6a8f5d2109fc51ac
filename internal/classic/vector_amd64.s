//go:build amd64 && !purego

#include "textflag.h"

// The rules of propagate on all nine digits at once, in rounds, with
// AVX2: Y0, Y1 and Y2 hold the words of digits 1 to 8 in bands 0, 1 and 2
// (lane d for digit d+1), Y3 those of digit 9 (lane b for band b, lanes
// 3 to 7 zero between the rules; lane 3 takes the columns of digit 9 for
// the stack rule). A round applies the band rule and the stack rule to every
// word, then places every hidden single (a row with one cell for a digit)
// and every naked single (an open cell with one digit) it finds in the
// state they leave. The rounds end when one changes nothing. R8, R9 and
// R10 hold the open cells of the bands, R11 counts the rounds, R12 is set
// when the cells a round places include naked singles (or the givens, at
// the start), whose rows and boxes their digit leaves at once; the state
// a round starts from is kept at 0(SP) to 127(SP). The stack rule depends
// on the columns of each digit alone, and has nothing to remove while
// they are those it last left: 128(SP) holds those of digits 1 to 8 (as
// the rule sees them).

// ROT9 sets d to the word of x with its rows rotated down by one (row r
// gets row r+1), using t. Bits 27 to 31 of d are left set at random:
// KEEP ands every word it rotates with one clear there.
#define ROT9(x, d, t) \
	VPSRLD $9, x, d; \
	VPSLLD $18, x, t; \
	VPOR   t, d, d

// KEEP keeps in m, a matrix of 3x3 triads per word (rows 9 bits apart,
// columns in a, b as the next and the one after), those that some way of
// taking one per row and per column uses: m(r,k) and either
// m(r+1,k+1) and m(r+2,k+2), or m(r+1,k+2) and m(r+2,k+1).
#define KEEP(m, a, b, c, d) \
	ROT9(b, c, d); \
	VPAND a, c, c; \
	ROT9(a, d, a); \
	VPAND b, d, d; \
	VPOR  c, d, d; \
	ROT9(d, a, c); \
	VPAND a, m, m

// ROTATE sets a to the matrices of t with the columns of each row
// rotated: the bits of mr come from above (right, a shift right by an
// immediate or by lanes), those of ml from below (left), so a(r,k) is
// t(r,k+1), or t(r,k+2); it uses c.
#define ROTATE(t, a, c, right, mr, left, ml) \
	right, t, a; \
	VPAND mr, a, a; \
	left, t, c; \
	VPAND ml, c, c; \
	VPOR  c, a, a

// BANDRULE applies the band rule to the words of m.
#define BANDRULE(m, t, a, b, c, d) \
	VPSRLD $1, m, t; \
	VPOR   m, t, t; \
	VPSRLD $2, m, a; \
	VPOR   a, t, t; \
	VPAND  tri<>(SB), t, t; \
	ROTATE(t, a, c, VPSRLD $3, k01<>(SB), VPSLLD $6, k2<>(SB)); \
	ROTATE(t, b, c, VPSRLD $6, k0<>(SB), VPSLLD $3, k12<>(SB)); \
	KEEP(t, a, b, c, d); \
	VPMULLD triad<>(SB), t, t; \
	VPAND   t, m, m

// NINERULE applies the band rule to lanes 0 to 2 of m, digit 9's words,
// and at once the stack rule to lane 3, its columns (as STACKRULE takes
// them): the same steps, with shifts and masks by lane (nine*<>), where
// lane 3's first step and last keep the word as it is.
#define NINERULE(m, t, a, b, c, d) \
	VPSRLVD nine1<>(SB), m, t; \
	VPOR    m, t, t; \
	VPSRLVD nine2<>(SB), m, a; \
	VPOR    a, t, t; \
	VPAND   nineTri<>(SB), t, t; \
	ROTATE(t, a, c, VPSRLVD nineR1<>(SB), nineM1<>(SB), VPSLLVD nineL1<>(SB), nineN1<>(SB)); \
	ROTATE(t, b, c, VPSRLVD nineR2<>(SB), nineM2<>(SB), VPSLLVD nineL2<>(SB), nineN2<>(SB)); \
	KEEP(t, a, b, c, d); \
	VPMULLD nineF<>(SB), t, t; \
	VPAND   t, m, m

// STACKRULE keeps in v, the columns a digit takes in each band (band b at
// bit 9b), those that some placement of the digit in its stack uses.
#define STACKRULE(v, a, b, c, d) \
	ROTATE(v, a, c, VPSRLD $1, j01<>(SB), VPSLLD $2, j2<>(SB)); \
	ROTATE(v, b, c, VPSRLD $2, tri<>(SB), VPSLLD $1, j12<>(SB)); \
	KEEP(v, a, b, c, d)

// COLUMNS sets c to the columns where m holds a cell.
#define COLUMNS(m, c, t) \
	VPSRLD $9, m, c; \
	VPOR   m, c, c; \
	VPSRLD $18, m, t; \
	VPOR   t, c, c; \
	VPAND  row<>(SB), c, c

// SPREAD sets c, columns, to their cells in a band: the product by the
// rows' first cells, whose three terms have no bit in common.
#define SPREAD(c) \
	VPMULLD rowStart<>(SB), c, c

// SINGLES sets s to the cells of m alone in their row, where every row
// of m holds a cell (or m is 0), using r and t: m less one at each row's
// first cell borrows within the row, so r, m and that, keeps a cell in
// each row with two or more; its low eight bits plus 255 carry into its
// ninth, and the ninth bits, moved to the first and multiplied out, fill
// those rows. A row left empty (by the stack rule, this round) can make
// its neighbour's single look like two, never two like a single.
#define SINGLES(m, s, r, t) \
	VPSUBD  rowStart<>(SB), m, r; \
	VPAND   m, r, r; \
	VPAND   low8<>(SB), r, t; \
	VPADDD  low8<>(SB), t, t; \
	VPOR    r, t, t; \
	VPAND   high1<>(SB), t, t; \
	VPSRLD  $8, t, t; \
	VPMULLD row<>(SB), t, t; \
	VPANDN  m, t, s

// FILLS adds to s the cells of each row or box of a band where r, the
// first cells of triads, holds one: a row's or a box's triads (in r,
// r>>a and r>>b) meet at its first one, which start keeps, and the
// product by f, whose terms have no bit in common, fills it. It uses t
// and u.
#define FILLS(r, a, b, start, f, s, t, u) \
	VPSRLD  $a, r, t; \
	VPSRLD  $b, r, u; \
	VPOR    u, t, t; \
	VPOR    r, t, t; \
	VPAND   start, t, t; \
	VPMULLD f, t, t; \
	VPOR    t, s, s

// PEERS adds to s the cells that see a cell of p in its band: those of
// its row and its box, from the triads p holds, in r. It uses r, t and u.
#define PEERS(p, s, r, t, u) \
	VPSRLD $1, p, r; \
	VPOR   p, r, r; \
	VPSRLD $2, p, t; \
	VPOR   t, r, r; \
	VPAND  tri<>(SB), r, r; \
	FILLS(r, 3, 6, rowStart<>(SB), row<>(SB), s, t, u); \
	FILLS(r, 9, 18, boxStart<>(SB), box<>(SB), s, t, u)

// FOLD sets o and t, the cells that at least one and at least two of
// four lanes hold in each half of o (t holding those that two hold), to
// those that at least one and two of the four lanes of the half hold, in
// every lane of the half; p and q are spare.
#define FOLD(o, t, p, q) \
	VPSHUFD $0x4e, o, p; \
	VPSHUFD $0x4e, t, q; \
	VPOR    q, t, t; \
	VPAND   o, p, q; \
	VPOR    q, t, t; \
	VPOR    p, o, o; \
	VPSHUFD $0xb1, o, p; \
	VPSHUFD $0xb1, t, q; \
	VPOR    q, t, t; \
	VPAND   o, p, q; \
	VPOR    q, t, t; \
	VPOR    p, o, o

// ANY sets o to the cells that some lane of x holds, in every lane.
#define ANY(x, o, t) \
	VPERM2I128 $1, x, x, o; \
	VPOR       x, o, o; \
	VPSHUFD    $0x4e, o, t; \
	VPOR       t, o, o; \
	VPSHUFD    $0xb1, o, t; \
	VPOR       t, o, o

// BAND works out the singles of band b: digits 1 to 8 in m, digit 9 in
// lane 0 of nine, the open cells in reg, the cells that at least one and
// at least two of digits 1 to 8 hold in n and t. It adds to Y10 the cells
// where the state is wrong (no digit, or a placed cell with two), sets p
// to the cells each digit places (hidden and naked singles) and n to the
// naked singles. It uses Y5, Y7 and Y15, and t.
#define BAND(m, nine, reg, p, n, t) \
	VMOVD        reg, X7; \
	VPBROADCASTD X7, Y7; \
	VPBROADCASTD nine, Y5; \
	VPAND        n, Y5, Y15; \
	VPOR         Y15, t, t; \
	VPOR         Y5, n, n; \
	VPXOR        full<>(SB), n, Y15; \
	VPOR         Y15, Y10, Y10; \
	VPANDN       t, Y7, Y15; \
	VPOR         Y15, Y10, Y10; \
	VPANDN       n, t, n; \
	VPAND        Y7, n, n; \
	SINGLES(m, p, Y5, t); \
	VPAND        Y7, p, p; \
	VPAND        m, n, Y15; \
	VPOR         Y15, p, p

// func vectorPropagate(cand *[3][9]uint32, open *[3]uint32, placed bool) int
TEXT ·vectorPropagate(SB), NOSPLIT, $224-32
	MOVQ cand+0(FP), DI
	MOVQ open+8(FP), SI
	MOVL 0(SI), R8
	MOVL 4(SI), R9
	MOVL 8(SI), R10
	XORQ R11, R11
	VPXOR   Y4, Y4, Y4
	VMOVDQU Y4, 128(SP)
	VMOVDQU 0(DI), Y0
	VMOVDQU 36(DI), Y1
	VMOVDQU 72(DI), Y2
	VMOVD   32(DI), X3
	VPINSRD $1, 68(DI), X3, X3
	VPINSRD $2, 104(DI), X3, X3

	// With placed, the cells placed so far are the placements of a round
	// before the first (see update).
	MOVBLZX placed+16(FP), AX
	TESTL   AX, AX
	JZ      round
	VMOVD        R8, X4
	VPBROADCASTD X4, Y4
	VPANDN       full<>(SB), Y4, Y4
	VPAND        Y4, Y0, Y8
	VMOVD        R9, X5
	VPBROADCASTD X5, Y5
	VPANDN       full<>(SB), Y5, Y5
	VPAND        Y5, Y1, Y11
	VMOVD        R10, X6
	VPBROADCASTD X6, Y6
	VPANDN       full<>(SB), Y6, Y6
	VPAND        Y6, Y2, Y12
	VPBLENDD     $2, Y5, Y4, Y7
	VPBLENDD     $4, Y6, Y7, Y7
	VPAND        Y7, Y3, Y13
	MOVL         $1, R12
	JMP          update

round:
	INCQ    R11
	VMOVDQU Y0, 0(SP)
	VMOVDQU Y1, 32(SP)
	VMOVDQU Y2, 64(SP)
	VMOVDQU Y3, 96(SP)

	// Digit 9's columns into lane 3 of Y3, band b at bit 9b.
	COLUMNS(Y3, Y4, Y7)
	VPSLLVD  shifts<>(SB), Y4, Y4
	VPSHUFD  $0x00, Y4, Y5
	VPSHUFD  $0x55, Y4, Y6
	VPSHUFD  $0xaa, Y4, Y7
	VPOR     Y6, Y5, Y5
	VPOR     Y7, Y5, Y5
	VPBLENDD $8, Y5, Y3, Y3

	// The band rule, and the stack rule on digit 9, whose columns go
	// back to lanes 0 to 2 (lane 3 left 0); a word left empty is a
	// contradiction.
	BANDRULE(Y0, Y4, Y5, Y6, Y7, Y8)
	BANDRULE(Y1, Y4, Y5, Y6, Y7, Y8)
	BANDRULE(Y2, Y4, Y5, Y6, Y7, Y8)
	NINERULE(Y3, Y4, Y5, Y6, Y7, Y8)
	VPSHUFD  $0xff, Y3, Y5
	VPSRLVD  shifts<>(SB), Y5, Y5
	VPAND    row<>(SB), Y5, Y5
	SPREAD(Y5)
	VPAND    Y5, Y3, Y3
	VPMINUD  Y1, Y0, Y4
	VPMINUD  Y2, Y4, Y4
	VPOR     others<>(SB), Y3, Y5
	VPMINUD  Y5, Y4, Y4
	VPCMPEQD zero<>(SB), Y4, Y4
	VPTEST   Y4, Y4
	JNZ      empty

	// The stack rule on digits 1 to 8: each lane's columns, band b at
	// bit 9b.
	COLUMNS(Y0, Y4, Y7)
	COLUMNS(Y1, Y5, Y7)
	COLUMNS(Y2, Y6, Y7)
	VPSLLD $9, Y5, Y5
	VPSLLD $18, Y6, Y6
	VPOR   Y5, Y4, Y4
	VPOR   Y6, Y4, Y4
	VPCMPEQD  128(SP), Y4, Y5
	VPMOVMSKB Y5, AX
	CMPL      AX, $0xffffffff
	JEQ       stacked
	STACKRULE(Y4, Y5, Y6, Y7, Y8)
	VMOVDQU Y4, 128(SP)
	VPAND  row<>(SB), Y4, Y5
	SPREAD(Y5)
	VPAND  Y5, Y0, Y0
	VPSRLD $9, Y4, Y5
	VPAND  row<>(SB), Y5, Y5
	SPREAD(Y5)
	VPAND  Y5, Y1, Y1
	VPSRLD $18, Y4, Y5
	SPREAD(Y5)
	VPAND  Y5, Y2, Y2

stacked:
	// The cells that at least one and at least two of digits 1 to 8
	// hold: bands 0 and 1 at once, in the halves of Y4 and Y6 (kept at
	// 160(SP) and 192(SP)), band 2 in Y13 and Y14.
	VPERM2I128 $0x20, Y1, Y0, Y4
	VPERM2I128 $0x31, Y1, Y0, Y5
	VPAND      Y5, Y4, Y6
	VPOR       Y5, Y4, Y4
	FOLD(Y4, Y6, Y5, Y7)
	VMOVDQU    Y4, 160(SP)
	VMOVDQU    Y6, 192(SP)
	VPERM2I128 $1, Y2, Y2, Y5
	VPAND      Y5, Y2, Y14
	VPOR       Y5, Y2, Y13
	FOLD(Y13, Y14, Y5, Y7)

	// The singles of each band; Y10 collects what is wrong, Y9 the
	// naked singles of digit 9 (lane b for band b).
	VPXOR          Y10, Y10, Y10
	VPSRLDQ        $8, X3, X6
	BAND(Y2, X6, R10, Y12, Y13, Y14)
	VMOVDQA        Y13, Y9
	VBROADCASTI128 160(SP), Y13
	VBROADCASTI128 192(SP), Y14
	BAND(Y0, X3, R8, Y8, Y13, Y14)
	VPBLENDD       $1, Y13, Y9, Y9
	VBROADCASTI128 176(SP), Y13
	VBROADCASTI128 208(SP), Y14
	VPSRLDQ        $4, X3, X6
	BAND(Y1, X6, R9, Y11, Y13, Y14)
	VPBLENDD       $2, Y13, Y9, Y9
	VPTEST         Y10, Y10
	JNZ            wrong

	// R12 is set when some band has a naked single.
	VPTEST  Y9, Y9
	MOVL    $0, R12
	MOVL    $1, R14
	CMOVLNE R14, R12

	// What digit 9 places, in Y13.
	VMOVD   R8, X7
	VPINSRD $1, R9, X7, X7
	VPINSRD $2, R10, X7, X7
	SINGLES(Y3, Y13, Y5, Y6)
	VPAND   Y7, Y13, Y13
	VPAND   Y3, Y9, Y9
	VPOR    Y9, Y13, Y13

	// Every cell placed in each band (Y4, Y5, Y6), which leaves the
	// open cells.
	ANY(Y8, Y4, Y7)
	VPBROADCASTD X13, Y7
	VPOR         Y7, Y4, Y4
	ANY(Y11, Y5, Y7)
	VPSRLDQ      $4, X13, X7
	VPBROADCASTD X7, Y7
	VPOR         Y7, Y5, Y5
	ANY(Y12, Y6, Y7)
	VPSRLDQ      $8, X13, X7
	VPBROADCASTD X7, Y7
	VPOR         Y7, Y6, Y6
	VMOVD X4, AX
	VMOVD X5, BX
	VMOVD X6, CX
	MOVL  AX, DX
	ORL   BX, DX
	ORL   CX, DX
	NOTL  AX
	ANDL  AX, R8
	NOTL  BX
	ANDL  BX, R9
	NOTL  CX
	ANDL  CX, R10

	// Unless nothing was placed, digit 9 leaves the cells placed in its
	// bands and its own columns in the other bands, and after a naked
	// single, its rows and boxes too (a hidden single is alone in its
	// row already, and the band rule then clears its box).
	TESTL DX, DX
	JZ    settled

	// Y4, Y5 and Y6 hold the cells placed in bands 0, 1 and 2, Y8, Y11
	// and Y12 those of each of digits 1 to 8, Y13 those of digit 9, and
	// R12 is set when their rows and boxes are to be cleared too.
update:
	VPBLENDD $2, Y5, Y4, Y7
	VPBLENDD $4, Y6, Y7, Y7
	TESTL R12, R12
	JZ    nopeers1
	PEERS(Y13, Y7, Y10, Y14, Y9)
nopeers1:
	COLUMNS(Y13, Y9, Y10)
	VPSHUFD  $0xc9, Y9, Y10
	VPSHUFD  $0xd2, Y9, Y14
	VPOR     Y14, Y10, Y10
	SPREAD(Y10)
	VPOR     Y10, Y7, Y7
	VPANDN   Y3, Y7, Y3
	VPOR     Y13, Y3, Y3

	// The same for digits 1 to 8.
	COLUMNS(Y8, Y9, Y10)
	COLUMNS(Y11, Y13, Y10)
	COLUMNS(Y12, Y14, Y10)
	VPOR   Y14, Y13, Y10
	SPREAD(Y10)
	VPOR   Y10, Y4, Y4
	TESTL R12, R12
	JZ    nopeers2
	PEERS(Y8, Y4, Y10, Y15, Y7)
nopeers2:
	VPANDN Y0, Y4, Y0
	VPOR   Y8, Y0, Y0
	VPOR   Y14, Y9, Y10
	SPREAD(Y10)
	VPOR   Y10, Y5, Y5
	TESTL R12, R12
	JZ    nopeers3
	PEERS(Y11, Y5, Y10, Y15, Y7)
nopeers3:
	VPANDN Y1, Y5, Y1
	VPOR   Y11, Y1, Y1
	VPOR   Y13, Y9, Y10
	SPREAD(Y10)
	VPOR   Y10, Y6, Y6
	TESTL R12, R12
	JZ    nopeers4
	PEERS(Y12, Y6, Y10, Y15, Y7)
nopeers4:
	VPANDN Y2, Y6, Y2
	VPOR   Y12, Y2, Y2

	JMP round

	// Another round unless this one changed nothing.
settled:
	VPCMPEQD  0(SP), Y0, Y4
	VPCMPEQD  32(SP), Y1, Y5
	VPAND     Y5, Y4, Y4
	VPCMPEQD  64(SP), Y2, Y5
	VPAND     Y5, Y4, Y4
	VPCMPEQD  96(SP), Y3, Y5
	VPAND     Y5, Y4, Y4
	VPMOVMSKB Y4, AX
	CMPL      AX, $0xffffffff
	JNE       round
	MOVQ      R11, ret+24(FP)

store:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 36(DI)
	VMOVDQU Y2, 72(DI)
	VMOVD   X3, 32(DI)
	VPEXTRD $1, X3, 68(DI)
	VPEXTRD $2, X3, 104(DI)
	MOVL    R8, 0(SI)
	MOVL    R9, 4(SI)
	MOVL    R10, 8(SI)
	VZEROUPPER
	RET

empty:
	MOVQ $-1, ret+24(FP)
	JMP  store

wrong:
	MOVQ $-2, ret+24(FP)
	JMP  store


// LANES makes name<> a constant of eight lanes, a to h.
#define LANES(name, a, b, c, d, e, f, g, h) \
	DATA name<>+0(SB)/4, $a; \
	DATA name<>+4(SB)/4, $b; \
	DATA name<>+8(SB)/4, $c; \
	DATA name<>+12(SB)/4, $d; \
	DATA name<>+16(SB)/4, $e; \
	DATA name<>+20(SB)/4, $f; \
	DATA name<>+24(SB)/4, $g; \
	DATA name<>+28(SB)/4, $h; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

// SPLAT makes name<> a constant of eight lanes, all v.
#define SPLAT(name, v) LANES(name, v, v, v, v, v, v, v, v)

// full<>: every cell of a band.
SPLAT(full, 0x7ffffff)

// tri<>: the first cell of each triad.
SPLAT(tri, 0x1249249)

// k01<>: triads of boxes 0 and 1.
SPLAT(k01, 0x241209)

// k2<>: triads of box 2.
SPLAT(k2, 0x1008040)

// k0<>: triads of box 0.
SPLAT(k0, 0x40201)

// k12<>: triads of boxes 1 and 2.
SPLAT(k12, 0x1209048)

// j01<>: columns 0 and 1 of each stack.
SPLAT(j01, 0x36db6db)

// j2<>: column 2 of each stack.
SPLAT(j2, 0x4924924)

// j12<>: columns 1 and 2 of each stack.
SPLAT(j12, 0x6db6db6)

// row<>: one row, or one band's columns; as a factor, a row's first
// cell to its nine cells.
SPLAT(row, 0x1ff)

// triad<>: a triad's first cell to its three cells, as a factor.
SPLAT(triad, 0x7)

// rowStart<>: the first cell (and triad) of each row.
SPLAT(rowStart, 0x40201)

// low8<>: the first eight cells of each row.
SPLAT(low8, 0x3fdfeff)

// high1<>: the last cell of each row.
SPLAT(high1, 0x4020100)

// boxStart<>: the triads of the first row.
SPLAT(boxStart, 0x49)

// box<>: the first cell of a box's first row to its nine cells, as a
// factor.
SPLAT(box, 0x1c0e07)

// zero<>: 0.
SPLAT(zero, 0x0)

// others<>: the lanes past those of the three bands of digit 9.
LANES(others, 0, 0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff)

// shifts<>: lane b: 9b, or more than 31 past lane 2.
LANES(shifts, 0, 9, 18, 32, 32, 32, 32, 32)

// nine*<>: BANDRULE's shifts and masks in lanes 0 to 2, STACKRULE's in
// lane 3, for NINERULE.
LANES(nine1, 1, 1, 1, 0, 0, 0, 0, 0)
LANES(nine2, 2, 2, 2, 0, 0, 0, 0, 0)
LANES(nineTri, 0x1249249, 0x1249249, 0x1249249, 0x7ffffff, 0, 0, 0, 0)
LANES(nineR1, 3, 3, 3, 1, 0, 0, 0, 0)
LANES(nineM1, 0x241209, 0x241209, 0x241209, 0x36db6db, 0, 0, 0, 0)
LANES(nineL1, 6, 6, 6, 2, 0, 0, 0, 0)
LANES(nineN1, 0x1008040, 0x1008040, 0x1008040, 0x4924924, 0, 0, 0, 0)
LANES(nineR2, 6, 6, 6, 2, 0, 0, 0, 0)
LANES(nineM2, 0x40201, 0x40201, 0x40201, 0x1249249, 0, 0, 0, 0)
LANES(nineL2, 3, 3, 3, 1, 0, 0, 0, 0)
LANES(nineN2, 0x1209048, 0x1209048, 0x1209048, 0x6db6db6, 0, 0, 0, 0)
LANES(nineF, 7, 7, 7, 1, 0, 0, 0, 0)

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() uint32
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	MOVL   $0, CX
	XGETBV
	MOVL   AX, ret+0(FP)
	RET

// MASKS sets AX, BX and CX to the cells of bands 0, 1 and 2 (Y0, Y1 and
// Y2 hold their bytes from the first) that equal the bytes of Y3, using
// Y4.
#define MASKS \
	VPCMPEQB  Y3, Y0, Y4; \
	VPMOVMSKB Y4, AX; \
	ANDL      $0x7ffffff, AX; \
	VPCMPEQB  Y3, Y1, Y4; \
	VPMOVMSKB Y4, BX; \
	ANDL      $0x7ffffff, BX; \
	VPCMPEQB  Y3, Y2, Y4; \
	VPMOVMSKB Y4, CX; \
	ANDL      $0x7ffffff, CX

// func vectorLoad(digits *[96]uint8, cand *[3][9]uint32, open *[3]uint32)
TEXT ·vectorLoad(SB), NOSPLIT, $0-24
	MOVQ    digits+0(FP), SI
	MOVQ    cand+8(FP), DI
	MOVQ    open+16(FP), R11
	VMOVDQU 0(SI), Y0
	VMOVDQU 27(SI), Y1
	VMOVDQU 54(SI), Y2
	VPXOR   Y3, Y3, Y3
	MASKS
	MOVL    AX, 0(R11)
	MOVL    BX, 4(R11)
	MOVL    CX, 8(R11)
	MOVL    AX, R12
	MOVL    BX, R13
	MOVL    CX, R14
	MOVL    $1, SI

digit:
	VMOVD        SI, X3
	VPBROADCASTB X3, Y3
	MASKS
	ORL          R12, AX
	ORL          R13, BX
	ORL          R14, CX
	MOVL         AX, -4(DI)(SI*4)
	MOVL         BX, 32(DI)(SI*4)
	MOVL         CX, 68(DI)(SI*4)
	INCL         SI
	CMPL         SI, $10
	JNE          digit
	VZEROUPPER
	RET

// FILLDIGIT adds to Y0, in the byte of each cell that word k of the band
// at R11 holds among those CX holds, the digit in byte k at R8: Y14
// spreads the bytes of a word to the cells, Y15 picks each cell's bit.
#define FILLDIGIT(k) \
	MOVL         (4*k)(R11), AX; \
	ANDL         CX, AX; \
	VMOVD        AX, X1; \
	VPBROADCASTD X1, Y1; \
	VPSHUFB      Y14, Y1, Y1; \
	VPAND        Y15, Y1, Y1; \
	VPCMPEQB     Y15, Y1, Y1; \
	VPBROADCASTB k(R8), Y2; \
	VPAND        Y2, Y1, Y1; \
	VPOR         Y1, Y0, Y0

// func vectorFill(cand *[3][9]uint32, open *[3]uint32, digits *[9]uint8, out *[96]uint8)
TEXT ·vectorFill(SB), NOSPLIT, $0-32
	MOVQ    cand+0(FP), R11
	MOVQ    open+8(FP), SI
	MOVQ    digits+16(FP), R8
	MOVQ    out+24(FP), R9
	VMOVDQU byteOfCell<>(SB), Y14
	VMOVDQU bitOfCell<>(SB), Y15
	MOVL    $3, R10

band:
	MOVL  (SI), CX
	NOTL  CX
	VPXOR Y0, Y0, Y0
	FILLDIGIT(0)
	FILLDIGIT(1)
	FILLDIGIT(2)
	FILLDIGIT(3)
	FILLDIGIT(4)
	FILLDIGIT(5)
	FILLDIGIT(6)
	FILLDIGIT(7)
	FILLDIGIT(8)
	// A cell that holds a digit keeps it.
	VMOVDQU  (R9), Y3
	VPCMPEQB zero<>(SB), Y3, Y4
	VPAND    Y4, Y0, Y0
	VPOR     Y3, Y0, Y0
	VMOVDQU  Y0, (R9)
	ADDQ     $36, R11
	ADDQ     $4, SI
	ADDQ     $27, R9
	DECL     R10
	JNZ      band
	VZEROUPPER
	RET

// byteOfCell<>: for the byte of cell i of 32, the byte of a word that
// holds its bit (i/8, in each half).
DATA byteOfCell<>+0(SB)/8, $0x0000000000000000
DATA byteOfCell<>+8(SB)/8, $0x0101010101010101
DATA byteOfCell<>+16(SB)/8, $0x0202020202020202
DATA byteOfCell<>+24(SB)/8, $0x0303030303030303
GLOBL byteOfCell<>(SB), RODATA|NOPTR, $32

// bitOfCell<>: for the byte of cell i of 32, its bit in that byte.
DATA bitOfCell<>+0(SB)/8, $0x8040201008040201
DATA bitOfCell<>+8(SB)/8, $0x8040201008040201
DATA bitOfCell<>+16(SB)/8, $0x8040201008040201
DATA bitOfCell<>+24(SB)/8, $0x8040201008040201
GLOBL bitOfCell<>(SB), RODATA|NOPTR, $32
