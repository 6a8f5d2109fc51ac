// Package draw draws boards as SVG images, in one style for every
// geometry: classic boards from 4x4 to 64x64 with square or rectangular
// boxes, variants with extra units, and the nets of cubes (package cube
// draws with it).
//
// [SVG] writes a board: givens in bold black, the player's entries in
// blue, thin lines between cells, thick lines between boxes. Options add
// what a puzzle app shows: pencil marks ([WithMarks]), a hint step at each
// stage of the hint ([WithStep], with the links of a chain step drawn
// between its candidates), mistakes and conflicts ([WithWrong],
// [WithConflicts]), selected cells ([WithSelected]), a title and the size
// of a cell. [WithPanels] places cells on the picture in any arrangement,
// such as the faces of a cube's net.
//
// The output is plain SVG with a viewBox, so it scales, and with
// classes and data-cell attributes on its elements, so a web page can
// restyle it with CSS and tell which cell a click hit.
package draw
