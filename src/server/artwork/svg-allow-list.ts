/**
 * What an SVG may hold (docs/decisions/0025-hardening.md): drawing elements and their attributes, nothing that runs
 * script, animates, loads another document or holds HTML. Names are compared lower-cased.
 * Elements of editor namespaces (Inkscape, Illustrator, RDF metadata) are allowed because
 * nothing draws or runs them.
 */
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const EDITOR_NAMESPACES = [
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/',
  'http://www.serif.com/',
  'http://www.bohemiancoding.com/sketch/ns',
];
export const isEditorNamespace = (uri: string) => EDITOR_NAMESPACES.some((ns) => uri.startsWith(ns));

const FILTER_PRIMITIVES = `feblend fecolormatrix fecomponenttransfer fecomposite feconvolvematrix fediffuselighting
  fedisplacementmap fedistantlight fedropshadow feflood fefunca fefuncb fefuncg fefuncr fegaussianblur femerge
  femergenode femorphology feoffset fepointlight fespecularlighting fespotlight fetile feturbulence`.split(/\s+/);
export const isFilterPrimitive = (name: string) => FILTER_PRIMITIVES.includes(name);

export const SVG_ELEMENTS = new Set([
  ...`svg g defs symbol use title desc metadata switch a view path rect circle ellipse line polyline polygon
    text tspan textpath lineargradient radialgradient stop pattern clippath mask marker image style filter
    solidcolor`.split(/\s+/),
  ...FILTER_PRIMITIVES,
]);

/** Attributes without a namespace prefix; presentation properties are listed with them. */
export const SVG_ATTRIBUTES = new Set(
  `id class style lang tabindex transform version baseprofile viewbox preserveaspectratio x y x1 y1 x2 y2 cx cy r
  rx ry fx fy fr width height d points pathlength href refx refy markerwidth markerheight markerunits orient
  gradientunits gradienttransform spreadmethod offset patternunits patterncontentunits patterntransform
  clippathunits maskunits maskcontentunits filterunits primitiveunits result in in2 stddeviation dx dy mode
  operator k1 k2 k3 k4 values type tablevalues slope intercept amplitude exponent order kernelmatrix divisor bias
  targetx targety edgemode kernelunitlength preservealpha surfacescale diffuseconstant specularconstant
  specularexponent azimuth elevation z pointsatx pointsaty pointsatz limitingconeangle scale xchannelselector
  ychannelselector radius basefrequency numoctaves seed stitchtiles rotate textlength lengthadjust startoffset
  method spacing side requiredfeatures requiredextensions systemlanguage enable-background zoomandpan
  alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation
  color-interpolation-filters color-profile color-rendering cursor direction display dominant-baseline fill
  fill-opacity fill-rule filter flood-color flood-opacity font font-family font-size font-size-adjust
  font-stretch font-style font-variant font-weight glyph-orientation-horizontal glyph-orientation-vertical
  image-rendering isolation kerning letter-spacing lighting-color marker marker-end marker-mid marker-start mask
  mask-type mix-blend-mode opacity overflow paint-order pointer-events shape-rendering stop-color stop-opacity
  stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity
  stroke-width text-anchor text-decoration text-rendering transform-origin unicode-bidi vector-effect
  visibility white-space word-spacing writing-mode`.split(/\s+/),
);

/** Attributes whose value is a reference to something: only a fragment or an embedded image. */
export const REFERENCE_ATTRIBUTES = new Set(['href', 'src']);
