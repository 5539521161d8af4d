// Layout maths, pure (node-tested): where the square board and the controls panel go. In
// landscape the panel sits on the side of the writing hand (right for right-handed players, left
// for left-handed ones), so the hand rests on the panel, not on the board. Portrait: below.

const PANEL_FRACTION = 1 / 3;
const MIN_PANEL_PORTRAIT = 160;
// A narrow portrait window (a small tablet turned: 533 wide at 150 %) puts the controls in two
// narrow columns that need more height: the board gives some up, so the colour swatches and the
// last row of buttons stay on screen.
const NARROW_PORTRAIT = 640;
const MIN_PANEL_NARROW = 300;

export function margin(width, height) {
  return Math.max(8, Math.min(24, Math.round(Math.min(width, height) * 0.03)));
}

/**
 * @param {{width:number, height:number, hand?:'left'|'right'}} viewport in CSS pixels
 * @returns {{orientation:'landscape'|'portrait', board:{x,y,size}, panel:{x,y,width,height}}}
 */
export function computeLayout({ width, height, hand = 'right' }) {
  const m = margin(width, height);
  if (width >= height) {
    const panelWidth = Math.round(width * PANEL_FRACTION);
    const areaWidth = width - panelWidth;
    const size = Math.max(0, Math.floor(Math.min(areaWidth - 2 * m, height - 2 * m)));
    const areaX = hand === 'left' ? panelWidth : 0;
    return {
      orientation: 'landscape',
      board: { x: Math.round(areaX + (areaWidth - size) / 2), y: Math.round((height - size) / 2), size },
      panel: { x: hand === 'left' ? 0 : areaWidth, y: 0, width: panelWidth, height },
    };
  }
  const minPanel = width < NARROW_PORTRAIT ? MIN_PANEL_NARROW : MIN_PANEL_PORTRAIT;
  const size = Math.max(0, Math.floor(Math.min(width - 2 * m, height - minPanel - 2 * m)));
  const panelY = size + 2 * m;
  return {
    orientation: 'portrait',
    board: { x: Math.round((width - size) / 2), y: m, size },
    panel: { x: 0, y: panelY, width, height: height - panelY },
  };
}
