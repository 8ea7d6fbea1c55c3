#!/usr/bin/env bash
# Generates the demo marketplace images in public/demo/<slug>/ from scripts/demo-images.tsv:
#   logo.png          512x512   gradient + initials
#   banner.png        1200x600  gradient + name + tagline
#   screenshot-N.png  1280x720  mock Yapture UI (board, chart, chat, ...) with a caption title
# Output is deterministic (seeded per slug, no timestamps in the PNGs), so re-running it
# produces identical files. Images are palette PNGs (64 colours) to keep the folder small.
#
# Usage:
#   scripts/generate-demo-images.sh            # (re)generate everything, then verify
#   scripts/generate-demo-images.sh SLUG...    # only these apps, then verify everything
#   scripts/generate-demo-images.sh --check    # only verify
#
# Requires ImageMagick (convert/identify, v6 or v7) and DejaVu fonts:
#   apt-get install -y imagemagick fonts-dejavu-core
# Verification also cross-checks db/seed-data.ts (via node_modules/.bin/tsx) when available.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/scripts/demo-images.tsv"
OUT="$ROOT/public/demo"

if command -v magick >/dev/null 2>&1; then IM=(magick); IDENTIFY=(magick identify)
else IM=(convert); IDENTIFY=(identify); fi

FONT_DIR=/usr/share/fonts/truetype/dejavu
font() { if [[ -f "$FONT_DIR/$1.ttf" ]]; then echo "$FONT_DIR/$1.ttf"; else echo "$2"; fi; }
F_REG="$(font DejaVuSans DejaVu-Sans)"
F_BOLD="$(font DejaVuSans-Bold DejaVu-Sans-Bold)"
F_MONO="$(font DejaVuSansMono DejaVu-Sans-Mono)"

# ---------------------------------------------------------------- helpers
# All drawing helpers append ImageMagick arguments to the array A.
A=()
R=0
rnd() { R=$(($1 + RANDOM % ($2 - $1 + 1))); }        # sets R to a seeded random int in [$1,$2]
seed() { RANDOM=$(($(printf '%s' "$1" | cksum | cut -d' ' -f1) % 32768)); }

# mix HEX PCT -> HEX: colour blended with white, PCT% of the colour kept
mix() {
  local h=${1#\#} p=$2
  local r=$((16#${h:0:2})) g=$((16#${h:2:2})) b=$((16#${h:4:2}))
  printf '#%02X%02X%02X' $((255 - (255 - r) * p / 100)) $((255 - (255 - g) * p / 100)) $((255 - (255 - b) * p / 100))
}

rect() { # fill x0 y0 x1 y1 [radius]
  local r=${6:-0}
  if ((r > 0)); then A+=(-fill "$1" -stroke none -draw "roundrectangle $2,$3 $4,$5 $r,$r")
  else A+=(-fill "$1" -stroke none -draw "rectangle $2,$3 $4,$5"); fi
}
orect() { # stroke x0 y0 x1 y1 radius [width] : outlined rounded rect on white
  A+=(-fill white -stroke "$1" -strokewidth "${7:-2}" -draw "roundrectangle $2,$3 $4,$5 $6,$6" -stroke none)
}
circle() { A+=(-fill "$1" -stroke none -draw "circle $2,$3 $(($2 + $4)),$3"); } # fill cx cy r
line() { A+=(-fill none -stroke "$1" -strokewidth "$2" -draw "line $3,$4 $5,$6" -stroke none); }
text() { # font size fill x y string  (top-left anchored)
  A+=(-font "$1" -pointsize "$2" -fill "$3" -stroke none -annotate "+$4+$5" "${6//%/%%}")
}
ctext() { # font size fill cx cy string  (centred on cx,cy of a W x H canvas)
  A+=(-gravity center -font "$1" -pointsize "$2" -fill "$3" -stroke none
    -annotate "$(printf '%+d%+d' $(($4 - CW / 2)) $(($5 - CH / 2)))" "${6//%/%%}" -gravity NorthWest)
}
bar() { rect "$1" "$2" "$3" $(($2 + $4)) $(($3 + ${5:-10})) $((${5:-10} / 2)); } # fill x y w [h]
pill() { # bg fg x y text : small rounded label, width from text length
  local w=$((${#5} * 8 + 20))
  rect "$1" "$3" "$4" $(($3 + w)) $(($4 + 24)) 12
  text "$F_BOLD" 12 "$2" $(($3 + 10)) $(($4 + 5)) "$5"
  R=$w
}
avatar() { circle "$1" "$2" "$3" "${4:-14}"; }

write_png() { # out [colours]  (canvas BASE + drawing args A built by the caller)
  "${IM[@]}" "${BASE[@]}" -gravity NorthWest "${A[@]}" \
    +dither -colors "${2:-64}" -strip -define png:exclude-chunks=date,time \
    -define png:compression-level=9 "PNG8:$1"
}

# Tag colour pairs: background/foreground
TAG_BG=("#DBEAFE" "#DCFCE7" "#FEF3C7" "#FFE4E6" "#EDE9FE")
TAG_FG=("#1D4ED8" "#15803D" "#B45309" "#BE123C" "#6D28D9")
AV=("#F59E0B" "#10B981" "#6366F1" "#EC4899" "#0EA5E9" "#8B5CF6" "#EF4444")
PEOPLE=("Priya" "Marcus" "Hannah" "Tomás" "Aiko" "Diego" "Grace" "Sam")
INK="#0F172A"; MUTED="#64748B"; LINE="#E2E8F0"; SOFT="#CBD5E1"; BG="#F1F5F9"

# ---------------------------------------------------------------- logo & banner
make_logo() { # slug initials c1 c2
  local out="$OUT/$1/logo.png"
  CW=512; CH=512
  BASE=(-size 512x512 -define gradient:direction=SouthEast "gradient:$3-$4")
  A=()
  A+=(-fill "rgba(255,255,255,0.10)" -stroke none -draw "circle 430,440 430,210")
  A+=(-fill "rgba(255,255,255,0.08)" -draw "circle 60,70 60,-40")
  rect "rgba(255,255,255,0.9)" 156 392 356 402 5
  ctext "$F_BOLD" 200 white 256 236 "$2"
  write_png "$out" 128 # gradients band visibly with fewer colours
}

make_banner() { # slug name initials c1 c2 tagline
  local out="$OUT/$1/banner.png" name=$2 ini=$3 c1=$4 c2=$5 tag=$6
  CW=1200; CH=600
  BASE=(-size 1200x600 -define gradient:direction=East "gradient:$c1-$c2")
  A=()
  A+=(-fill "rgba(255,255,255,0.08)" -stroke none -draw "circle 1080,560 1080,200")
  A+=(-fill "rgba(255,255,255,0.06)" -draw "circle 1180,40 1180,-180")
  # logo tile
  rect "rgba(255,255,255,0.18)" 80 80 208 208 28
  ctext "$F_BOLD" 60 white 144 144 "$ini"
  # floating task card mock
  rect "rgba(15,23,42,0.18)" 826 86 1126 246 16
  rect white 820 80 1120 240 16
  circle "$c1" 850 112 9
  bar "$SOFT" 870 106 170 12
  bar "$LINE" 844 140 240 10
  bar "$LINE" 844 160 200 10
  rect "$(mix "$c1" 18)" 844 192 944 216 12
  text "$F_BOLD" 12 "$c1" 856 197 "Yapture"
  circle "${AV[2]}" 1088 204 12
  # name + tagline
  local len=${#name} ps=64
  ((len > 22)) && ps=$((64 * 22 / len))
  text "$F_BOLD" "$ps" white 80 290 "$name"
  text "$F_REG" 30 "rgba(255,255,255,0.92)" 82 $((300 + ps + 20)) "$tag"
  rect "rgba(255,255,255,0.18)" 80 484 330 524 20
  text "$F_BOLD" 16 white 100 494 "Yapture Marketplace"
  write_png "$out" 128
}

# ---------------------------------------------------------------- screenshot chrome
X0=252; Y0=150; X1=1248; Y1=696
chrome() { # name initials c1 caption kind
  local name=$1 ini=$2 c1=$3 cap=$4
  rect "$c1" 0 0 1279 55
  rect white 16 12 48 44 8
  text "$F_BOLD" 13 "$c1" 21 21 "$ini"
  text "$F_BOLD" 17 white 62 17 "Yapture"
  text "$F_REG" 17 "rgba(255,255,255,0.85)" 145 17 "/  $name"
  rect "rgba(255,255,255,0.16)" 900 14 1180 42 14
  bar "rgba(255,255,255,0.35)" 920 24 110 8
  avatar "${AV[0]}" 1230 28 15
  # sidebar
  rect white 0 56 219 719
  line "$LINE" 1 219 56 219 719
  local items=("Inbox" "My tasks" "Projects" "Calendar" "Reports") y=80 i
  for i in "${items[@]}"; do
    rect "$SOFT" 24 $((y + 3)) 38 $((y + 17)) 3
    text "$F_REG" 14 "#334155" 50 "$y" "$i"
    y=$((y + 38))
  done
  text "$F_BOLD" 11 "$MUTED" 24 $((y + 14)) "APPS"
  y=$((y + 40))
  rect "$(mix "$c1" 14)" 12 $((y - 8)) 207 $((y + 24)) 8
  rect "$c1" 24 $((y + 1)) 38 $((y + 15)) 3
  local short=$name
  ((${#short} > 18)) && short="${short:0:16}…"
  text "$F_BOLD" 14 "$c1" 50 "$((y - 1))" "$short"
  rect "$LINE" 24 $((y + 41)) 38 $((y + 55)) 3
  bar "$LINE" 50 $((y + 43)) 90 10
  # header
  text "$F_BOLD" 26 "$INK" "$X0" 78 "$cap"
  text "$F_REG" 14 "$MUTED" "$X0" 116 "Northwind workspace · updated just now"
  rect "$c1" 1098 82 1248 118 8
  text "$F_BOLD" 14 white 1122 91 "$([[ $5 == settings ]] && echo "  View docs" || echo "+ New task")"
}

panel() { rect "#E2E8F0" $(($1 + 2)) $(($2 + 3)) $(($3 + 2)) $(($4 + 3)) 12; rect white "$1" "$2" "$3" "$4" 12; }

# ---------------------------------------------------------------- screenshot kinds
ui_board() { # c1 c2 [pipeline]
  local c1=$1 heads=("To do" "In progress" "Review" "Done") colw=237 gap=16 c x y h n k t
  [[ ${3:-} == pipeline ]] && heads=("Lead" "Qualified" "Proposal" "Won")
  for c in 0 1 2 3; do
    x=$((X0 + c * (colw + gap)))
    rect "#E2E8F0" "$x" "$Y0" $((x + colw)) "$Y1" 10
    rnd 2 4; n=$R
    text "$F_BOLD" 14 "#334155" $((x + 14)) $((Y0 + 14)) "${heads[$c]}"
    rect white $((x + colw - 44)) $((Y0 + 12)) $((x + colw - 14)) $((Y0 + 32)) 10
    text "$F_BOLD" 11 "$MUTED" $((x + colw - 34)) $((Y0 + 15)) "$n"
    y=$((Y0 + 48))
    for ((k = 0; k < n; k++)); do
      rnd 84 118; h=$R
      ((y + h > Y1 - 10)) && break
      rect white $((x + 10)) "$y" $((x + colw - 10)) $((y + h)) 8
      rnd 110 190; bar "#94A3B8" $((x + 24)) $((y + 16)) "$R" 10
      rnd 60 150; bar "$LINE" $((x + 24)) $((y + 36)) "$R" 8
      if [[ ${3:-} == pipeline ]]; then
        rnd 2 48; text "$F_BOLD" 15 "$c1" $((x + 24)) $((y + h - 32)) "\$$R,$((RANDOM % 9))00"
      else
        t=$((RANDOM % 5)); pill "${TAG_BG[$t]}" "${TAG_FG[$t]}" $((x + 22)) $((y + h - 34)) "YAP-$((100 + RANDOM % 300))"
      fi
      avatar "${AV[$((RANDOM % 7))]}" $((x + colw - 34)) $((y + h - 22)) 11
      ((c == 3)) && [[ ${3:-} != pipeline ]] && rect "$c1" $((x + 10)) "$y" $((x + 14)) $((y + h)) 0
      y=$((y + h + 10))
    done
    if ((y + 30 < Y1)); then text "$F_REG" 13 "$MUTED" $((x + 16)) $((y + 6)) "+ Add card"; fi
  done
}

plot_frame() { # title legend1 legend2 c1 c2 -> sets PX0 PY0 PX1 PY1
  panel "$X0" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 16 "$INK" $((X0 + 24)) $((Y0 + 20)) "$1"
  rect "$4" $((X1 - 300)) $((Y0 + 24)) $((X1 - 288)) $((Y0 + 36)) 3
  text "$F_REG" 13 "$MUTED" $((X1 - 280)) $((Y0 + 22)) "$2"
  rect "$5" $((X1 - 160)) $((Y0 + 24)) $((X1 - 148)) $((Y0 + 36)) 3
  text "$F_REG" 13 "$MUTED" $((X1 - 140)) $((Y0 + 22)) "$3"
  PX0=$((X0 + 70)); PY0=$((Y0 + 70)); PX1=$((X1 - 30)); PY1=$((Y1 - 50))
  local i y
  for i in 0 1 2 3 4; do
    y=$((PY0 + i * (PY1 - PY0) / 4))
    line "$LINE" 1 "$PX0" "$y" "$PX1" "$y"
    text "$F_REG" 12 "$MUTED" $((X0 + 30)) $((y - 8)) "$(((4 - i) * 10))"
  done
}

ui_line() { # c1 c2
  local c1=$1 n=10 i x y pts="" poly ideal
  plot_frame "Remaining work (points)" "Remaining" "Ideal" "$c1" "#94A3B8"
  local span=$(((PX1 - PX0) / (n - 1))) h=$((PY1 - PY0)) v=40
  for ((i = 0; i < n; i++)); do
    x=$((PX0 + i * span))
    y=$((PY1 - v * h / 40))
    pts+="$x,$y "
    text "$F_REG" 12 "$MUTED" $((x - 18)) $((PY1 + 14)) "Day $((i + 1))"
    rnd 0 7; v=$((v - R + (i == 4 ? 6 : 0))); ((v < 2)) && v=2; ((v > 40)) && v=40
  done
  poly="$PX0,$PY1 $pts$((PX0 + (n - 1) * span)),$PY1"
  A+=(-fill "$(mix "$c1" 12)" -stroke none -draw "polygon $poly")
  local bump=($pts); bump=${bump[5]}
  A+=(-fill none -stroke "#94A3B8" -strokewidth 3 -draw "stroke-dasharray 10 8 line $PX0,$PY0 $((PX0 + (n - 1) * span)),$PY1" -stroke none)
  # segment by segment: IM6 closes wide open polylines with a chord back to the start
  local prev=""
  for p in $pts; do [[ -n $prev ]] && line "$c1" 4 "${prev%,*}" "${prev#*,}" "${p%,*}" "${p#*,}"; prev=$p; done
  for p in $pts; do circle white "${p%,*}" "${p#*,}" 6; circle "$c1" "${p%,*}" "${p#*,}" 4; done
  # annotation bubble on the scope bump
  x=${bump%,*}; y=$((${bump#*,} - 56))
  rect "$INK" $((x - 80)) "$y" $((x + 80)) $((y + 30)) 8
  A+=(-fill "$INK" -draw "polygon $((x - 8)),$((y + 30)) $((x + 8)),$((y + 30)) $x,$((y + 40))")
  text "$F_BOLD" 12 white $((x - 66)) $((y + 7)) "+6 pts scope added"
}

ui_bars() { # c1 c2
  local c1=$1 c2=$2 n i x h1 h2 labels=("Jan" "Feb" "Mar" "Apr" "May" "Jun" "Jul" "Aug")
  rnd 6 8; n=$R
  plot_frame "Totals by period" "Current" "Previous" "$c1" "$(mix "$c2" 45)"
  local slot=$(((PX1 - PX0) / n)) bw h=$((PY1 - PY0))
  bw=$((slot / 3))
  for ((i = 0; i < n; i++)); do
    x=$((PX0 + i * slot + slot / 6))
    rnd 30 95; h1=$((R * h / 100))
    rnd 20 85; h2=$((R * h / 100))
    rect "$c1" "$x" $((PY1 - h1)) $((x + bw)) "$PY1" 4
    rect "$(mix "$c2" 45)" $((x + bw + 6)) $((PY1 - h2)) $((x + 2 * bw + 6)) "$PY1" 4
    text "$F_REG" 12 "$MUTED" $((x + bw - 10)) $((PY1 + 14)) "${labels[$i]}"
  done
  line "#94A3B8" 2 "$PX0" "$PY1" "$PX1" "$PY1"
}

ui_chat() { # c1 c2 name
  local c1=$1 name=$3 y=$((Y0 + 70)) i p w lines=(
    "Can someone pick up the login redirect bug?"
    "On it, moving it to In progress now."
    "The release checklist is ready for review."
    "Thanks! I added two subtasks for the docs."
    "Who owns the onboarding email copy?"
    "Blocked until the API keys are rotated."
  )
  panel "$X0" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 16 "$INK" $((X0 + 24)) $((Y0 + 20)) "# team-updates"
  text "$F_REG" 13 "$MUTED" $((X0 + 196)) $((Y0 + 23)) "12 members"
  line "$LINE" 1 "$X0" $((Y0 + 54)) "$X1" $((Y0 + 54))
  for i in 0 1 2; do
    p=$((RANDOM % 8))
    avatar "${AV[$((p % 7))]}" $((X0 + 44)) $((y + 18)) 18
    text "$F_BOLD" 14 "$INK" $((X0 + 74)) "$y" "${PEOPLE[$p]}"
    text "$F_REG" 12 "$MUTED" $((X0 + 74 + ${#PEOPLE[$p]} * 10 + 12)) $((y + 2)) "9:$((10 + i * 7)) AM"
    text "$F_REG" 14 "#334155" $((X0 + 74)) $((y + 24)) "${lines[$((RANDOM % 6))]}"
    y=$((y + 66))
    if ((i == 1)); then
      # app message with attachment card
      rect "$c1" $((X0 + 26)) "$y" $((X0 + 62)) $((y + 36)) 8
      text "$F_BOLD" 14 "$INK" $((X0 + 74)) "$y" "${name:0:24}"
      pill "$(mix "$c1" 15)" "$c1" $((X0 + 74 + ${#name} * 10 + 10)) $((y - 3)) "APP"
      rect "$c1" $((X0 + 74)) $((y + 28)) $((X0 + 78)) $((y + 128)) 0
      rect "#F8FAFC" $((X0 + 78)) $((y + 28)) $((X0 + 620)) $((y + 128)) 0
      text "$F_BOLD" 15 "$INK" $((X0 + 96)) $((y + 40)) "Task completed: Update pricing page"
      bar "$SOFT" $((X0 + 96)) $((y + 70)) 380 10
      pill "${TAG_BG[1]}" "${TAG_FG[1]}" $((X0 + 96)) $((y + 92)) "Done"
      pill "${TAG_BG[0]}" "${TAG_FG[0]}" $((X0 + 96 + R + 8)) $((y + 92)) "YAP-$((100 + RANDOM % 300))"
      y=$((y + 150))
    fi
  done
  orect "$SOFT" $((X0 + 24)) $((Y1 - 64)) $((X1 - 24)) $((Y1 - 20)) 10
  text "$F_REG" 14 "#94A3B8" $((X0 + 44)) $((Y1 - 52)) "Message #team-updates"
  rect "$c1" $((X1 - 110)) $((Y1 - 58)) $((X1 - 32)) $((Y1 - 26)) 8
  text "$F_BOLD" 13 white $((X1 - 92)) $((Y1 - 50)) "Send"
}

ui_calendar() { # c1 c2
  local c1=$1 c2=$2 days=("Mon" "Tue" "Wed" "Thu" "Fri" "Sat" "Sun") cw=$(((X1 - X0) / 7)) gy=$((Y0 + 84)) rh d r x y k f
  panel "$X0" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 18 "$INK" $((X0 + 24)) $((Y0 + 18)) "September"
  orect "$SOFT" $((X1 - 200)) $((Y0 + 14)) $((X1 - 24)) $((Y0 + 44)) 8 1
  text "$F_REG" 13 "#334155" $((X1 - 180)) $((Y0 + 21)) "Month   Week   Day"
  for d in 0 1 2 3 4 5 6; do text "$F_BOLD" 12 "$MUTED" $((X0 + d * cw + 12)) $((Y0 + 60)) "${days[$d]}"; done
  rh=$(((Y1 - gy) / 5))
  for r in 0 1 2 3 4 5; do line "$LINE" 1 "$X0" $((gy + r * rh)) "$X1" $((gy + r * rh)); done
  for d in 1 2 3 4 5 6; do line "$LINE" 1 $((X0 + d * cw)) "$gy" $((X0 + d * cw)) "$Y1"; done
  for r in 0 1 2 3 4; do for d in 0 1 2 3 4 5 6; do
    k=$((r * 7 + d + 1)); ((k > 30)) && continue
    x=$((X0 + d * cw)); y=$((gy + r * rh))
    if ((k == 17)); then circle "$c1" $((x + 20)) $((y + 17)) 12; text "$F_BOLD" 12 white $((x + 13)) $((y + 10)) "$k"
    else text "$F_REG" 12 "$MUTED" $((x + 12)) $((y + 10)) "$k"; fi
    rnd 0 9
    if ((R < 4 && d < 5)); then
      f=$([[ $R == 0 ]] && echo "$c1" || ([[ $R == 1 ]] && echo "$(mix "$c2" 70)" || echo "$(mix "$c1" 22)"))
      rect "$f" $((x + 6)) $((y + 34)) $((x + cw - 6)) $((y + 56)) 6
      bar "$([[ $R -le 1 ]] && echo "rgba(255,255,255,0.8)" || echo "$c1")" $((x + 14)) $((y + 41)) $((cw - 50)) 8
      if ((R == 0)); then
        rect "${TAG_BG[2]}" $((x + 6)) $((y + 62)) $((x + cw - 6)) $((y + 82)) 6
        bar "${TAG_FG[2]}" $((x + 14)) $((y + 68)) $((cw - 70)) 8
      fi
    fi
  done; done
}

ui_list() { # c1 c2
  local c1=$1 y i s st=("Done" "Open" "Review" "Blocked" "Open") sbg=(1 0 2 3 0) cols=("Task" "Status" "Assignee" "Due")
  panel "$X0" "$Y0" "$X1" "$Y1"
  rect "#F8FAFC" $((X0 + 1)) $((Y0 + 1)) $((X1 - 1)) $((Y0 + 48)) 0
  text "$F_BOLD" 12 "$MUTED" $((X0 + 64)) $((Y0 + 18)) "TASK"
  text "$F_BOLD" 12 "$MUTED" $((X0 + 560)) $((Y0 + 18)) "STATUS"
  text "$F_BOLD" 12 "$MUTED" $((X0 + 720)) $((Y0 + 18)) "ASSIGNEE"
  text "$F_BOLD" 12 "$MUTED" $((X0 + 880)) $((Y0 + 18)) "DUE"
  y=$((Y0 + 48))
  for i in 0 1 2 3 4 5 6 7 8; do
    line "$LINE" 1 "$X0" "$y" "$X1" "$y"
    s=$((RANDOM % 5))
    if ((s == 0)); then rect "$c1" $((X0 + 24)) $((y + 17)) $((X0 + 42)) $((y + 35)) 4
      line white 2 $((X0 + 28)) $((y + 26)) $((X0 + 32)) $((y + 31)); line white 2 $((X0 + 32)) $((y + 31)) $((X0 + 39)) $((y + 21))
    else orect "#94A3B8" $((X0 + 24)) $((y + 17)) $((X0 + 42)) $((y + 35)) 4 2; fi
    rnd 160 380; bar "$([[ $s == 0 ]] && echo "$SOFT" || echo "#94A3B8")" $((X0 + 64)) $((y + 16)) "$R" 10
    rnd 80 200; bar "$LINE" $((X0 + 64)) $((y + 32)) "$R" 8
    pill "${TAG_BG[${sbg[$s]}]}" "${TAG_FG[${sbg[$s]}]}" $((X0 + 560)) $((y + 14)) "${st[$s]}"
    avatar "${AV[$((RANDOM % 7))]}" $((X0 + 734)) $((y + 26)) 12
    rnd 50 90; bar "$LINE" $((X0 + 754)) $((y + 22)) "$R" 9
    text "$F_REG" 13 "$MUTED" $((X0 + 880)) $((y + 17)) "Sep $((RANDOM % 28 + 1))"
    y=$((y + 54))
  done
}

ui_code() { # c1 c2 slug
  local c1=$1 y i n ind x w k cols=("#93C5FD" "#F9A8D4" "#86EFAC" "#FDE68A" "#CBD5E1" "#C4B5FD") cmds=(
    "\$ yapture link YAP-142 --branch feature/YAP-142"
    "POST /hooks/yapture  200 OK  (124 ms)"
    "✓ 218 tests passed, 0 failed"
  )
  local cx1=$((X0 + 640))
  rect "#0F172A" "$X0" "$Y0" "$cx1" "$Y1" 12
  rect "#1E293B" "$X0" "$Y0" "$cx1" $((Y0 + 40)) 12
  rect "#1E293B" "$X0" $((Y0 + 28)) "$cx1" $((Y0 + 40)) 0
  circle "#F87171" $((X0 + 22)) $((Y0 + 20)) 6; circle "#FBBF24" $((X0 + 42)) $((Y0 + 20)) 6; circle "#4ADE80" $((X0 + 62)) $((Y0 + 20)) 6
  text "$F_MONO" 13 "#94A3B8" $((X0 + 90)) $((Y0 + 12)) "$3.log"
  y=$((Y0 + 60))
  for i in 0 1 2; do text "$F_MONO" 14 "$([[ $i == 2 ]] && echo "#4ADE80" || echo "#E2E8F0")" $((X0 + 56)) "$y" "${cmds[$i]}"
    text "$F_MONO" 13 "#475569" $((X0 + 16)) "$y" "$((i + 1))"; y=$((y + 28)); done
  for ((i = 3; y < Y1 - 30; i++)); do
    text "$F_MONO" 13 "#475569" $((X0 + 16)) "$y" "$((i + 1))"
    rnd 0 3; ind=$((R * 24)); x=$((X0 + 56 + ind)); rnd 1 3; n=$R
    for ((k = 0; k < n; k++)); do rnd 40 150; w=$R; bar "${cols[$((RANDOM % 6))]}" "$x" $((y + 4)) "$w" 9; x=$((x + w + 12)); done
    y=$((y + 28))
  done
  # task card on the right
  local tx=$((cx1 + 24))
  panel "$tx" "$Y0" "$X1" $((Y0 + 290))
  text "$F_BOLD" 13 "$MUTED" $((tx + 20)) $((Y0 + 20)) "YAP-142"
  text "$F_BOLD" 18 "$INK" $((tx + 20)) $((Y0 + 44)) "Fix login redirect"
  pill "${TAG_BG[1]}" "${TAG_FG[1]}" $((tx + 20)) $((Y0 + 80)) "Build passing"
  pill "$(mix "$c1" 15)" "$c1" $((tx + 20 + R + 8)) $((Y0 + 80)) "In review"
  bar "$SOFT" $((tx + 20)) $((Y0 + 126)) 260 9; bar "$LINE" $((tx + 20)) $((Y0 + 146)) 220 9; bar "$LINE" $((tx + 20)) $((Y0 + 166)) 240 9
  line "$LINE" 1 "$tx" $((Y0 + 200)) "$X1" $((Y0 + 200))
  for i in 0 1; do avatar "${AV[$((i + 2))]}" $((tx + 34)) $((Y0 + 230 + i * 34)) 11; bar "$SOFT" $((tx + 54)) $((Y0 + 225 + i * 34)) $((180 - i * 40)) 9; done
  panel "$tx" $((Y0 + 310)) "$X1" "$Y1"
  text "$F_BOLD" 14 "$INK" $((tx + 20)) $((Y0 + 330)) "Recent runs"
  for i in 0 1 2 3 4; do
    y=$((Y0 + 366 + i * 34)); ((y > Y1 - 30)) && break
    circle "$([[ $i == 2 ]] && echo "#EF4444" || echo "#22C55E")" $((tx + 28)) $((y + 8)) 6
    text "$F_MONO" 13 "#334155" $((tx + 44)) "$y" "#$((4120 - i * 7))  main"
    rnd 40 120; bar "$LINE" $((tx + 200)) $((y + 3)) "$R" 9
  done
}

ui_timer() { # c1 c2
  local c1=$1 c2=$2 cx=$((X0 + 300)) cy=$((Y0 + 230)) r=150 i y
  panel "$X0" "$Y0" $((X0 + 600)) "$Y1"
  A+=(-fill none -stroke "$LINE" -strokewidth 22 -draw "circle $cx,$cy $((cx + r)),$cy")
  # progress arc drawn as a filled ring segment (IM6 closes wide open strokes with a chord)
  local arc
  arc="$(awk -v cx="$cx" -v cy="$cy" -v ro=$((r + 11)) -v ri=$((r - 11)) 'BEGIN {
    for (a = -90; a <= 150; a += 3) { t = a * 3.14159265 / 180; printf "%d,%d ", cx + ro * cos(t), cy + ro * sin(t) }
    for (a = 150; a >= -90; a -= 3) { t = a * 3.14159265 / 180; printf "%d,%d ", cx + ri * cos(t), cy + ri * sin(t) } }')"
  A+=(-fill "$c1" -stroke none -draw "polygon ${arc% }")
  circle "$c1" "$cx" $((cy - r)) 11
  circle "$c1" "$(awk -v c="$cx" -v r="$r" 'BEGIN { printf "%d", c + r * cos(150 * 3.14159265 / 180) }')" \
    "$(awk -v c="$cy" -v r="$r" 'BEGIN { printf "%d", c + r * sin(150 * 3.14159265 / 180) }')" 11
  ctext "$F_BOLD" 64 "$INK" "$cx" $((cy - 8)) "13:47"
  ctext "$F_REG" 16 "$MUTED" "$cx" $((cy + 44)) "Focus · session 3 of 4"
  ctext "$F_BOLD" 18 "$INK" "$cx" $((cy + r + 50)) "Draft Q3 roadmap"
  rect "$c1" $((cx - 130)) $((cy + r + 90)) $((cx - 10)) $((cy + r + 130)) 20
  ctext "$F_BOLD" 15 white $((cx - 70)) $((cy + r + 110)) "Pause"
  orect "$SOFT" $((cx + 10)) $((cy + r + 90)) $((cx + 130)) $((cy + r + 130)) 20
  ctext "$F_BOLD" 15 "#334155" $((cx + 70)) $((cy + r + 110)) "Finish"
  local rx=$((X0 + 624))
  panel "$rx" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 16 "$INK" $((rx + 20)) $((Y0 + 20)) "Up next"
  for i in 0 1 2 3 4 5; do
    y=$((Y0 + 64 + i * 60))
    line "$LINE" 1 "$rx" $((y - 10)) "$X1" $((y - 10))
    orect "#94A3B8" $((rx + 20)) $((y + 6)) $((rx + 36)) $((y + 22)) 4 2
    rnd 120 220; bar "#94A3B8" $((rx + 50)) $((y + 4)) "$R" 9
    text "$F_REG" 12 "$MUTED" $((rx + 50)) $((y + 22)) "$((RANDOM % 3 + 1)) × 25 min"
  done
  rect "$(mix "$c2" 16)" $((rx + 16)) $((Y1 - 70)) $((X1 - 16)) $((Y1 - 16)) 10
  text "$F_BOLD" 14 "$c1" $((rx + 32)) $((Y1 - 52)) "Today: 2 h 05 min focused"
}

ui_invoice() { # c1 c2 [receipt]
  local head="INVOICE" num="NW-2024-031" state="Draft" action="Send invoice"
  [[ ${3:-} == receipt ]] && head="RECEIPT" num="EXP-0457" state="Awaiting approval" action="Approve"
  local c1=$1 dx=$((X0 + 40)) dx1=$((X0 + 640)) y i amt total=0
  rect "#E2E8F0" $((dx + 4)) $((Y0 + 4)) $((dx1 + 4)) $((Y1 + 4)) 6
  rect white "$dx" "$Y0" "$dx1" "$Y1" 6
  rect "$c1" "$dx" "$Y0" "$dx1" $((Y0 + 8)) 0
  text "$F_BOLD" 28 "$INK" $((dx + 32)) $((Y0 + 32)) "$head"
  text "$F_MONO" 14 "$MUTED" $((dx + 32)) $((Y0 + 72)) "$num"
  text "$F_BOLD" 13 "$MUTED" $((dx1 - 200)) $((Y0 + 36)) "BILL TO"
  bar "#94A3B8" $((dx1 - 200)) $((Y0 + 58)) 160 10; bar "$LINE" $((dx1 - 200)) $((Y0 + 76)) 130 9; bar "$LINE" $((dx1 - 200)) $((Y0 + 92)) 150 9
  y=$((Y0 + 140))
  rect "#F8FAFC" $((dx + 24)) "$y" $((dx1 - 24)) $((y + 32)) 4
  text "$F_BOLD" 12 "$MUTED" $((dx + 36)) $((y + 9)) "DESCRIPTION"
  text "$F_BOLD" 12 "$MUTED" $((dx1 - 250)) $((y + 9)) "HOURS"
  text "$F_BOLD" 12 "$MUTED" $((dx1 - 130)) $((y + 9)) "AMOUNT"
  y=$((y + 44))
  for i in 0 1 2 3 4; do
    rnd 180 300; bar "#94A3B8" $((dx + 36)) $((y + 6)) "$R" 10
    rnd 2 16; amt=$((R * 95)); total=$((total + amt))
    text "$F_REG" 14 "#334155" $((dx1 - 240)) "$y" "$R.0"
    text "$F_REG" 14 "#334155" $((dx1 - 130)) "$y" "\$$amt.00"
    line "$LINE" 1 $((dx + 24)) $((y + 30)) $((dx1 - 24)) $((y + 30))
    y=$((y + 42))
  done
  text "$F_BOLD" 16 "$INK" $((dx1 - 260)) $((y + 14)) "Total"
  text "$F_BOLD" 20 "$c1" $((dx1 - 150)) $((y + 11)) "\$$total.00"
  bar "$LINE" $((dx + 36)) $((Y1 - 60)) 240 9; bar "$LINE" $((dx + 36)) $((Y1 - 42)) 180 9
  local rx=$((X0 + 680))
  panel "$rx" "$Y0" "$X1" $((Y0 + 250))
  text "$F_BOLD" 16 "$INK" $((rx + 20)) $((Y0 + 20)) "Status"
  pill "${TAG_BG[2]}" "${TAG_FG[2]}" $((rx + 20)) $((Y0 + 56)) "$state"
  bar "$SOFT" $((rx + 20)) $((Y0 + 104)) 220 9; bar "$LINE" $((rx + 20)) $((Y0 + 124)) 180 9
  rect "$c1" $((rx + 20)) $((Y0 + 170)) $((X1 - 20)) $((Y0 + 214)) 8
  ctext "$F_BOLD" 15 white $(((rx + X1) / 2)) $((Y0 + 192)) "$action"
  panel "$rx" $((Y0 + 270)) "$X1" "$Y1"
  text "$F_BOLD" 16 "$INK" $((rx + 20)) $((Y0 + 290)) "Linked tasks"
  for i in 0 1 2 3 4; do
    y=$((Y0 + 330 + i * 36)); ((y > Y1 - 30)) && break
    rect "$c1" $((rx + 20)) "$y" $((rx + 36)) $((y + 16)) 4
    rnd 100 200; bar "#94A3B8" $((rx + 48)) $((y + 4)) "$R" 9
  done
}

ui_settings() { # c1 c2
  local c1=$1 y i k labels=("Workspace" "Default project" "Sync direction" "Notify on completion" "Include subtasks" "Retry failed deliveries")
  panel "$X0" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 18 "$INK" $((X0 + 28)) $((Y0 + 24)) "Configuration"
  bar "$LINE" $((X0 + 28)) $((Y0 + 56)) 360 9
  y=$((Y0 + 96))
  for i in 0 1 2 3 4 5; do
    line "$LINE" 1 $((X0 + 28)) $((y - 14)) $((X1 - 28)) $((y - 14))
    text "$F_BOLD" 14 "#334155" $((X0 + 28)) $((y + 4)) "${labels[$i]}"
    rnd 160 300; bar "$LINE" $((X0 + 28)) $((y + 28)) "$R" 8
    if ((i < 3)); then
      orect "$SOFT" $((X0 + 480)) "$y" $((X0 + 900)) $((y + 38)) 8 1
      rnd 120 260; bar "#94A3B8" $((X0 + 496)) $((y + 14)) "$R" 10
      if ((i == 2)); then line "$MUTED" 2 $((X0 + 874)) $((y + 16)) $((X0 + 880)) $((y + 22)); line "$MUTED" 2 $((X0 + 880)) $((y + 22)) $((X0 + 886)) $((y + 16)); fi
    else
      k=$((RANDOM % 3))
      if ((k > 0)); then rect "$c1" $((X0 + 480)) $((y + 4)) $((X0 + 528)) $((y + 30)) 13; circle white $((X0 + 515)) $((y + 17)) 10
      else rect "$SOFT" $((X0 + 480)) $((y + 4)) $((X0 + 528)) $((y + 30)) 13; circle white $((X0 + 493)) $((y + 17)) 10; fi
    fi
    y=$((y + 64))
  done
  rect "$c1" $((X0 + 28)) $((Y1 - 62)) $((X0 + 178)) $((Y1 - 22)) 8
  ctext "$F_BOLD" 14 white $((X0 + 103)) $((Y1 - 42)) "Save changes"
  orect "$SOFT" $((X0 + 192)) $((Y1 - 62)) $((X0 + 302)) $((Y1 - 22)) 8 1
  ctext "$F_BOLD" 14 "#334155" $((X0 + 247)) $((Y1 - 42)) "Cancel"
}

ui_doc() { # c1 c2
  local c1=$1 dx1=$((X0 + 680)) y i w
  panel "$X0" "$Y0" "$dx1" "$Y1"
  text "$F_BOLD" 20 "$INK" $((X0 + 28)) $((Y0 + 24)) "Q3 launch plan"
  text "$F_REG" 13 "$MUTED" $((X0 + 28)) $((Y0 + 56)) "42 comments · 6 attachments"
  y=$((Y0 + 92))
  rect "$(mix "$c1" 10)" $((X0 + 24)) "$y" $((dx1 - 24)) $((y + 150)) 8
  rect "$c1" $((X0 + 24)) "$y" $((X0 + 29)) $((y + 150)) 0
  text "$F_BOLD" 13 "$c1" $((X0 + 44)) $((y + 14)) "SUMMARY"
  for i in 0 1 2 3; do rnd 380 580; bar "$(mix "$c1" 45)" $((X0 + 44)) $((y + 44 + i * 24)) "$R" 10; done
  y=$((y + 176))
  for i in 0 1 2 3 4; do rnd 420 600; bar "$SOFT" $((X0 + 28)) $((y + i * 22)) "$R" 9; done
  y=$((y + 130))
  text "$F_BOLD" 15 "$INK" $((X0 + 28)) "$y" "Action items"
  for i in 0 1 2; do
    y=$((y + 34))
    if ((i == 0)); then rect "$c1" $((X0 + 28)) "$y" $((X0 + 46)) $((y + 18)) 4; else orect "#94A3B8" $((X0 + 28)) "$y" $((X0 + 46)) $((y + 18)) 4 2; fi
    rnd 200 380; bar "#94A3B8" $((X0 + 60)) $((y + 4)) "$R" 10
    avatar "${AV[$((RANDOM % 7))]}" $((dx1 - 50)) $((y + 9)) 11
  done
  local rx=$((dx1 + 24))
  panel "$rx" "$Y0" "$X1" "$Y1"
  text "$F_BOLD" 15 "$INK" $((rx + 20)) $((Y0 + 20)) "Details"
  local keys=("Status" "Owner" "Due" "Labels" "Project")
  for i in 0 1 2 3 4; do
    y=$((Y0 + 62 + i * 54))
    text "$F_REG" 12 "$MUTED" $((rx + 20)) "$y" "${keys[$i]}"
    if ((i == 0)); then pill "${TAG_BG[0]}" "${TAG_FG[0]}" $((rx + 20)) $((y + 20)) "In progress"
    elif ((i == 3)); then pill "${TAG_BG[3]}" "${TAG_FG[3]}" $((rx + 20)) $((y + 20)) "launch"; pill "${TAG_BG[4]}" "${TAG_FG[4]}" $((rx + 20 + R + 6)) $((y + 20)) "q3"
    else rnd 100 200; bar "#94A3B8" $((rx + 20)) $((y + 26)) "$R" 10; fi
  done
  rect "$(mix "$c1" 14)" $((rx + 16)) $((Y1 - 70)) $((X1 - 16)) $((Y1 - 16)) 10
  text "$F_BOLD" 13 "$c1" $((rx + 32)) $((Y1 - 52)) "Refresh"
}

ui_forecast() { # c1 c2
  local c1=$1 days=("Mon" "Tue" "Wed" "Thu" "Fri") cw=184 gap=19 d x cx w hi lo y i
  for d in 0 1 2 3 4; do
    x=$((X0 + d * (cw + gap))); cx=$((x + cw / 2))
    panel "$x" "$Y0" $((x + cw)) $((Y0 + 240))
    ctext "$F_BOLD" 16 "$INK" "$cx" $((Y0 + 28)) "${days[$d]}"
    w=$(((d * 3 + 1) % 4))
    case $w in
      0 | 3) line "#F59E0B" 4 $((cx - 46)) $((Y0 + 100)) $((cx + 46)) $((Y0 + 100))
             line "#F59E0B" 4 "$cx" $((Y0 + 54)) "$cx" $((Y0 + 146))
             line "#F59E0B" 4 $((cx - 32)) $((Y0 + 68)) $((cx + 32)) $((Y0 + 132))
             line "#F59E0B" 4 $((cx - 32)) $((Y0 + 132)) $((cx + 32)) $((Y0 + 68))
             circle "#FBBF24" "$cx" $((Y0 + 100)) 30 ;;
      1) circle "#CBD5E1" $((cx - 18)) $((Y0 + 104)) 24; circle "#CBD5E1" $((cx + 14)) $((Y0 + 94)) 30; rect "#CBD5E1" $((cx - 42)) $((Y0 + 104)) $((cx + 44)) $((Y0 + 128)) 12 ;;
      2) circle "#94A3B8" $((cx - 18)) $((Y0 + 96)) 24; circle "#94A3B8" $((cx + 14)) $((Y0 + 86)) 30; rect "#94A3B8" $((cx - 42)) $((Y0 + 96)) $((cx + 44)) $((Y0 + 120)) 12
         for i in -24 0 24; do line "#3B82F6" 4 $((cx + i)) $((Y0 + 130)) $((cx + i - 6)) $((Y0 + 146)); done ;;
    esac
    rnd 14 26; hi=$R; lo=$((hi - 6 - RANDOM % 5))
    ctext "$F_BOLD" 30 "$INK" $((cx - 22)) $((Y0 + 186)) "${hi}°"
    ctext "$F_REG" 20 "$MUTED" $((cx + 34)) $((Y0 + 190)) "${lo}°"
    ((w == 2)) && rect "${TAG_BG[2]}" $((x + 12)) $((Y0 + 214)) $((x + cw - 12)) $((Y0 + 232)) 9 && ctext "$F_BOLD" 11 "${TAG_FG[2]}" "$cx" $((Y0 + 223)) "Rain expected"
  done
  panel "$X0" $((Y0 + 264)) "$X1" "$Y1"
  text "$F_BOLD" 16 "$INK" $((X0 + 24)) $((Y0 + 284)) "Outdoor tasks this week"
  for i in 0 1 2 3; do
    y=$((Y0 + 326 + i * 52))
    line "$LINE" 1 "$X0" $((y - 10)) "$X1" $((y - 10))
    circle "$c1" $((X0 + 32)) $((y + 12)) 6
    rnd 200 380; bar "#94A3B8" $((X0 + 52)) $((y + 6)) "$R" 10
    text "$F_REG" 13 "$MUTED" $((X0 + 560)) $((y + 4)) "${days[$((i + 1))]}, site $((i + 2))"
    if ((i == 1)); then pill "${TAG_BG[2]}" "${TAG_FG[2]}" $((X0 + 740)) "$y" "Rain expected"; else pill "${TAG_BG[1]}" "${TAG_FG[1]}" $((X0 + 740)) "$y" "Clear"; fi
  done
}

make_screenshot() { # slug name initials c1 c2 index kind caption
  local slug=$1 name=$2 ini=$3 c1=$4 c2=$5 idx=$6 kind=$7 cap=$8
  seed "$slug-$idx"
  CW=1280; CH=720
  BASE=(-size 1280x720 "xc:$BG")
  A=()
  chrome "$name" "$ini" "$c1" "$cap" "$kind"
  case $kind in
    board) ui_board "$c1" "$c2" ;;
    pipeline) ui_board "$c1" "$c2" pipeline ;;
    line) ui_line "$c1" "$c2" ;;
    bars) ui_bars "$c1" "$c2" ;;
    chat) ui_chat "$c1" "$c2" "$name" ;;
    calendar) ui_calendar "$c1" "$c2" ;;
    list) ui_list "$c1" "$c2" ;;
    code) ui_code "$c1" "$c2" "$slug" ;;
    timer) ui_timer "$c1" "$c2" ;;
    invoice) ui_invoice "$c1" "$c2" ;;
    receipt) ui_invoice "$c1" "$c2" receipt ;;
    settings) ui_settings "$c1" "$c2" ;;
    doc) ui_doc "$c1" "$c2" ;;
    forecast) ui_forecast "$c1" "$c2" ;;
    *) echo "unknown screenshot kind '$kind' for $slug" >&2; exit 1 ;;
  esac
  write_png "$OUT/$slug/screenshot-$idx.png"
}

# ---------------------------------------------------------------- data
rows() { grep -v '^#' "$DATA" | tail -n +2; } # skip comments and the header line

generate() {
  local want=("$@") slug name ini c1 c2 tag kinds caps
  while IFS=$'\t' read -r slug name ini c1 c2 tag kinds caps; do
    [[ -z $slug ]] && continue
    if ((${#want[@]})) && [[ " ${want[*]} " != *" $slug "* ]]; then continue; fi
    [[ $slug =~ ^[a-z0-9]+(-[a-z0-9]+)*$ && ${#slug} -le 60 ]] || { echo "bad slug: $slug" >&2; exit 1; }
    echo "generating $slug"
    rm -rf "${OUT:?}/$slug"
    mkdir -p "$OUT/$slug"
    make_logo "$slug" "$ini" "$c1" "$c2"
    make_banner "$slug" "$name" "$ini" "$c1" "$c2" "$tag"
    IFS=, read -r -a K <<<"$kinds"
    IFS='|' read -r -a C <<<"$caps"
    ((${#K[@]} == ${#C[@]})) || { echo "$slug: ${#K[@]} kinds but ${#C[@]} captions" >&2; exit 1; }
    local i
    for i in "${!K[@]}"; do make_screenshot "$slug" "$name" "$ini" "$c1" "$c2" $((i + 1)) "${K[$i]}" "${C[$i]}"; done
  done < <(rows)
}

# ---------------------------------------------------------------- verification
FAIL=0
expect() { # file WxH
  if [[ ! -f $1 ]]; then echo "MISSING $1" >&2; FAIL=1; return; fi
  local got
  got="$("${IDENTIFY[@]}" -format '%m %wx%h' "$1" 2>/dev/null || true)"
  if [[ $got != "PNG $2" ]]; then echo "BAD $1: got '$got', want 'PNG $2'" >&2; FAIL=1; fi
}

verify() {
  local slug name ini c1 c2 tag kinds caps n=0 files=0 i
  while IFS=$'\t' read -r slug name ini c1 c2 tag kinds caps; do
    [[ -z $slug ]] && continue
    n=$((n + 1))
    expect "$OUT/$slug/logo.png" 512x512
    expect "$OUT/$slug/banner.png" 1200x600
    IFS=, read -r -a K <<<"$kinds"
    for i in "${!K[@]}"; do expect "$OUT/$slug/screenshot-$((i + 1)).png" 1280x720; done
    files=$((files + 2 + ${#K[@]}))
  done < <(rows)
  echo "checked $files files for $n apps listed in $(basename "$DATA")"

  # Cross-check db/seed-data.ts: every slug, screenshot file and caption must match.
  local TSX="$ROOT/node_modules/.bin/tsx"
  if [[ -f $ROOT/db/seed-data.ts && -x $TSX ]]; then
    local refs
    refs="$(cd "$ROOT" && "$TSX" -e '
      import("./db/seed-data.ts").then((m) => {
        for (const a of m.seedApps) {
          console.log([a.slug, "logo.png", "512x512", ""].join("\t"));
          console.log([a.slug, "banner.png", "1200x600", ""].join("\t"));
          for (const s of a.screenshots) console.log([a.slug, s.file, "1280x720", s.caption].join("\t"));
        }
      });')"
    local file size cap tsvcaps idx count=0
    while IFS=$'\t' read -r slug file size cap; do
      count=$((count + 1))
      expect "$OUT/$slug/$file" "$size"
      if [[ -n $cap ]]; then
        tsvcaps="$(rows | awk -F'\t' -v s="$slug" '$1 == s { print $8 }')"
        idx="${file#screenshot-}"; idx="${idx%.png}"
        IFS='|' read -r -a C <<<"$tsvcaps"
        if [[ ! $idx =~ ^[0-9]+$ || "${C[$((idx - 1))]:-}" != "$cap" ]]; then
          echo "CAPTION MISMATCH $slug/$file: seed-data '$cap' vs tsv '${C[$((idx - 1))]:-}'" >&2; FAIL=1
        fi
      fi
    done <<<"$refs"
    echo "checked $count files referenced by db/seed-data.ts"
  else
    echo "(skipping db/seed-data.ts cross-check: file or node_modules/.bin/tsx missing)"
  fi

  echo "public/demo total: $(du -sh "$OUT" | cut -f1)"
  if ((FAIL)); then echo "verification FAILED" >&2; exit 1; fi
  echo "verification OK"
}

if [[ ${1:-} == --check ]]; then verify; exit 0; fi
generate "$@"
verify
