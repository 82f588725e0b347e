#include "harness/render/replay_page.h"

namespace pathbench {
namespace {

constexpr const char* kHead = R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pathbench replay: @TITLE@</title>
<style>
body { font-family: sans-serif; margin: 12px; color: #141418; background: #fff; }
h1 { font-size: 18px; margin: 0 0 6px 0; }
#controls { margin: 8px 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
#panels { display: flex; gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.panel h2 { font-size: 15px; margin: 0 0 2px 0; font-family: monospace; }
.panel .stats, .panel .count { font-size: 13px; margin: 0 0 4px 0; font-family: monospace; }
canvas { image-rendering: pixelated; border: 1px solid #888; display: block; }
#legend { margin-top: 8px; font-size: 13px; }
#legend .sw { display: inline-block; width: 12px; height: 12px; border: 1px solid #000;
              margin: 0 4px 0 12px; vertical-align: middle; }
</style>
</head>
<body>
<h1>pathbench replay: @TITLE@</h1>
<div id="controls">
  <button id="play" title="space">play</button>
  <button id="stepbtn" title="right arrow">step</button>
  <button id="back" title="left arrow">back</button>
  <button id="reset">reset</button>
  <button id="end">end</button>
  <label>speed <input id="speed" type="range" min="0" max="100" value="30"></label>
  <span id="speed-text"></span>
  <span>step <span id="step">0</span> / <span id="max-step">0</span></span>
</div>
<div id="panels"></div>
<div id="legend"></div>
<script id="trace-data" type="application/json">)HTML";

constexpr const char* kTail = R"HTML(</script>
<script>
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("trace-data").textContent);
  const V = D.view, W = V.width, H = V.height, CELL = V.cell, C = D.colors;
  const rgb = (c) => "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
  const ramp = (k, n) => C.ramp[n <= 1 ? 0 : Math.min(C.ramp.length - 1,
                                                     Math.floor(k * C.ramp.length / n))];
  const FREE = 0, SCANNED = 1, OPEN = 2, CLOSED = 3, WALL = 9;

  function Panel(P, idx, canvas) {
    this.P = P;
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.img = this.ctx.createImageData(canvas.width, canvas.height);
    this.total = P.expanded.length;
    this.countEl = document.getElementById("count-" + idx);
    this.state = new Uint8Array(W * H);
    this.reset();
  }
  Panel.prototype.paint = function (i, c) {
    if (i < 0) return;
    const x0 = (i % W) * CELL, y0 = Math.floor(i / W) * CELL, w = W * CELL, d = this.img.data;
    for (let y = y0; y < y0 + CELL; y++) {
      let o = (y * w + x0) * 4;
      for (let x = 0; x < CELL; x++, o += 4) {
        d[o] = c[0]; d[o + 1] = c[1]; d[o + 2] = c[2]; d[o + 3] = 255;
      }
    }
  };
  Panel.prototype.reset = function () {
    for (let i = 0; i < W * H; i++) {
      const wall = D.rows[Math.floor(i / W)][i % W] === "@";
      this.state[i] = wall ? WALL : FREE;
      this.paint(i, wall ? C.wall : C.free);
    }
    this.k = 0; this.g = 0; this.s = 0;
    this.catchUp();
  };
  // Shows every record made before expansion number k (at <= k).
  Panel.prototype.catchUp = function () {
    const P = this.P;
    while (this.s < P.scanned.length && P.scanned_at[this.s] <= this.k) {
      const i = P.scanned[this.s++];
      if (i >= 0 && this.state[i] === FREE) { this.state[i] = SCANNED; this.paint(i, C.scanned); }
    }
    while (this.g < P.generated.length && P.generated_at[this.g] <= this.k) {
      const i = P.generated[this.g++];
      if (i >= 0 && this.state[i] < OPEN) { this.state[i] = OPEN; this.paint(i, C.frontier); }
    }
  };
  Panel.prototype.goTo = function (step) {
    if (step < this.k) this.reset();
    const target = Math.min(step, this.total);
    while (this.k < target) {
      const i = this.P.expanded[this.k];
      if (i >= 0) { this.state[i] = CLOSED; this.paint(i, ramp(this.k, this.total)); }
      this.k++;
      this.catchUp();
    }
  };
  Panel.prototype.center = function (i) {
    return [(i % W) * CELL + CELL / 2, Math.floor(i / W) * CELL + CELL / 2];
  };
  Panel.prototype.marker = function (i, c) {
    if (i < 0) return;
    const [x, y] = this.center(i), r = Math.max(5, CELL * 0.8);
    this.ctx.fillStyle = "rgb(20,20,24)";
    this.ctx.beginPath(); this.ctx.arc(x, y, r + 1.5, 0, 2 * Math.PI); this.ctx.fill();
    this.ctx.fillStyle = rgb(c);
    this.ctx.beginPath(); this.ctx.arc(x, y, r, 0, 2 * Math.PI); this.ctx.fill();
  };
  Panel.prototype.draw = function () {
    this.ctx.putImageData(this.img, 0, 0);
    const ctx = this.ctx, path = this.P.path;
    if (this.k >= this.total && path.length > 0) {
      ctx.fillStyle = rgb(C.path);
      for (const i of path) if (i >= 0) ctx.fillRect((i % W) * CELL, Math.floor(i / W) * CELL, CELL, CELL);
      if (CELL <= 3) {
        ctx.strokeStyle = rgb(C.path); ctx.lineWidth = 3; ctx.lineJoin = "round";
        ctx.beginPath();
        let pen = false;
        for (const i of path) {
          if (i < 0) { pen = false; continue; }
          const [x, y] = this.center(i);
          if (pen) ctx.lineTo(x, y); else ctx.moveTo(x, y);
          pen = true;
        }
        ctx.stroke();
      }
    }
    // Tiny cells and few expansions (JPS): a dot per expanded cell, as in the PNG.
    if (CELL <= 4 && this.total <= 4096) {
      for (let k = 0; k < this.k; k++) {
        const i = this.P.expanded[k];
        if (i < 0) continue;
        const [x, y] = this.center(i);
        ctx.fillStyle = "rgb(20,20,24)";
        ctx.beginPath(); ctx.arc(x, y, 4, 0, 2 * Math.PI); ctx.fill();
        ctx.fillStyle = rgb(ramp(k, this.total));
        ctx.beginPath(); ctx.arc(x, y, 3, 0, 2 * Math.PI); ctx.fill();
      }
    }
    // HPA*'s abstract layers, as squares (sizes as in the PNG: RenderLayout::*_side).
    const P = this.P, small = Math.max(2, Math.floor(CELL / 2)),
          large = Math.max(3, Math.floor(CELL * 2 / 3));
    const square = (i, side, c) => {
      if (i < 0) return;
      const cx = (i % W) * CELL + Math.floor(CELL / 2), cy = Math.floor(i / W) * CELL + Math.floor(CELL / 2);
      ctx.fillStyle = rgb(c);
      ctx.fillRect(cx - Math.floor(side / 2), cy - Math.floor(side / 2), side, side);
    };
    for (const i of P.transitions) square(i, small, C.transition);
    for (let a = 0; a < P.abstract.length && P.abstract_at[a] <= this.k; a++)
      square(P.abstract[a], large, C.abstract);
    if (this.k >= this.total && P.abstract_path.length > 0) {
      ctx.strokeStyle = rgb(C.abstract_path); ctx.lineWidth = Math.max(1, CELL / 5);
      ctx.beginPath();
      let pen = false;
      for (const i of P.abstract_path) {
        if (i < 0) { pen = false; continue; }
        const [x, y] = this.center(i);
        if (pen) ctx.lineTo(x, y); else ctx.moveTo(x, y);
        pen = true;
      }
      ctx.stroke();
      for (const i of P.abstract_path) square(i, small, C.abstract_path);
    }
    this.marker(D.start, C.start);
    this.marker(D.goal, C.goal);
    this.countEl.textContent = String(this.k);
  };

  const root = document.getElementById("panels");
  const panels = D.panels.map(function (P, idx) {
    const div = document.createElement("div");
    div.className = "panel";
    const h = document.createElement("h2"); h.textContent = P.label; div.appendChild(h);
    const st = document.createElement("div"); st.className = "stats"; st.textContent = P.stats;
    div.appendChild(st);
    const ct = document.createElement("div"); ct.className = "count";
    ct.innerHTML = 'expansions shown: <span id="count-' + idx + '">0</span> / ' +
                   '<span id="total-' + idx + '"></span>';
    div.appendChild(ct);
    const canvas = document.createElement("canvas");
    canvas.width = W * CELL; canvas.height = H * CELL;
    div.appendChild(canvas);
    root.appendChild(div);
    document.getElementById("total-" + idx).textContent = String(P.expanded.length);
    return new Panel(P, idx, canvas);
  });

  const legend = [["wall", C.wall], ["free", C.free], ["expanded, early", C.ramp[0]],
                  ["expanded, late", C.ramp[C.ramp.length - 1]], ["open", C.frontier],
                  ["scanned by a jump", C.scanned], ["path", C.path], ["start", C.start],
                  ["goal", C.goal]];
  if (D.panels.some((P) => P.transitions.length > 0))
    legend.push(["transition", C.transition], ["abstract node expanded", C.abstract],
                ["abstract path", C.abstract_path]);
  const lg = document.getElementById("legend");
  for (const [name, c] of legend) {
    const sw = document.createElement("span"); sw.className = "sw"; sw.style.background = rgb(c);
    lg.appendChild(sw); lg.appendChild(document.createTextNode(name));
  }
  const cap = document.createElement("div"); cap.textContent = D.caption; lg.appendChild(cap);

  const maxStep = panels.reduce((m, p) => Math.max(m, p.total), 0);
  document.getElementById("max-step").textContent = String(maxStep);
  const stepEl = document.getElementById("step"), speed = document.getElementById("speed");
  const playBtn = document.getElementById("play");
  let step = 0, playing = false;

  function goTo(s) {
    step = Math.max(0, Math.min(maxStep, s));
    for (const p of panels) { p.goTo(step); p.draw(); }
    stepEl.textContent = String(step);
  }
  // Expansions per frame: 1 .. 1024, exponential in the slider.
  const perFrame = () => Math.max(1, Math.round(Math.pow(2, Number(speed.value) / 10)));
  function showSpeed() { document.getElementById("speed-text").textContent = perFrame() + "/frame"; }
  function setPlaying(on) { playing = on; playBtn.textContent = on ? "pause" : "play"; }
  function tick() {
    if (!playing) return;
    goTo(step + perFrame());
    if (step >= maxStep) { setPlaying(false); return; }
    requestAnimationFrame(tick);
  }
  playBtn.onclick = function () {
    if (playing) { setPlaying(false); return; }
    if (step >= maxStep) goTo(0);
    setPlaying(true);
    requestAnimationFrame(tick);
  };
  document.getElementById("stepbtn").onclick = () => { setPlaying(false); goTo(step + 1); };
  document.getElementById("back").onclick = () => { setPlaying(false); goTo(step - 1); };
  document.getElementById("reset").onclick = () => { setPlaying(false); goTo(0); };
  document.getElementById("end").onclick = () => { setPlaying(false); goTo(maxStep); };
  speed.oninput = showSpeed;
  document.addEventListener("keydown", function (e) {
    if (e.key === " ") { e.preventDefault(); playBtn.onclick(); }
    else if (e.key === "ArrowRight") document.getElementById("stepbtn").onclick();
    else if (e.key === "ArrowLeft") document.getElementById("back").onclick();
  });
  showSpeed();
  const m = /step=(\d+|end)/.exec(location.hash + " " + location.search);
  goTo(m ? (m[1] === "end" ? maxStep : parseInt(m[1], 10)) : 0);
  document.body.setAttribute("data-ready", "1");
})();
</script>
</body>
</html>
)HTML";

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

}  // namespace

std::string replay_page(const std::string& title, const std::string& json) {
  return replace_all(kHead, "@TITLE@", title) + json + kTail;
}

}  // namespace pathbench
