// A 9x9 grid, as large as the window allows, in the colours of Inkdoku's light theme.
const canvas = document.getElementById("board");
const side = Math.floor(Math.min(innerWidth, innerHeight) - 48);
const dpr = devicePixelRatio || 1;
canvas.style.width = canvas.style.height = `${side}px`;
canvas.width = canvas.height = Math.round(side * dpr);
const ctx = canvas.getContext("2d");
ctx.scale(dpr, dpr);
ctx.fillStyle = "#fbf8ef";
ctx.fillRect(0, 0, side, side);
const cell = side / 9;
for (let i = 0; i <= 9; i++) {
  const strong = i % 3 === 0;
  ctx.strokeStyle = strong ? "#2c3e50" : "#7f8899";
  ctx.lineWidth = strong ? 3 : 1;
  const p = Math.min(side - ctx.lineWidth / 2, Math.max(ctx.lineWidth / 2, Math.round(i * cell) + 0.5));
  ctx.beginPath();
  ctx.moveTo(p, 0);
  ctx.lineTo(p, side);
  ctx.moveTo(0, p);
  ctx.lineTo(side, p);
  ctx.stroke();
}
