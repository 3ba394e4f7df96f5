// Appended to pptx-renderer's bundle by scripts/vendor-pptx-renderer.mjs (so it stays out of the
// Worker's upload): a chart number in its Excel format code as PowerPoint writes it, for the codes
// the renderer got wrong: a currency sign (`$#,##0`, `[$€-407] #,##0.00`), quoted or escaped text
// (`0.0"x"`, `#,##0 "units"`), a thousands scale (`#,##0,"K"`), sections for negatives and zero
// (`#,##0;(#,##0)`, `0;-0;"–"`). Returns undefined for what it leaves to the renderer: General,
// dates and times, text, scientific notation.
function plugChartNumber(value, format) {
  if (typeof value !== "number" || !Number.isFinite(value) || !format || format === "General") return undefined;
  const sections = [];
  let current = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end < 0 ? format.length : end;
      current += format.slice(i, stop + 1);
      i = stop;
    } else if (c === "\\" || c === "_" || c === "*") {
      current += format.slice(i, i + 2);
      i++;
    } else if (c === ";") {
      sections.push(current);
      current = "";
    } else current += c;
  }
  sections.push(current);
  let section = sections[0];
  let number = value;
  if (value < 0 && sections.length > 1 && sections[1] !== "") {
    section = sections[1];
    number = -value;
  } else if (value === 0 && sections.length > 2) section = sections[2];
  // Tokens: literal text, and the number's pattern (placeholders, point and commas between them).
  let prefix = "";
  let suffix = "";
  let pattern = "";
  let percent = 0;
  let seenNumber = false;
  let afterNumber = false;
  const literal = (text) => {
    if (afterNumber || seenNumber) suffix += text;
    else prefix += text;
    if (seenNumber) afterNumber = true;
  };
  for (let i = 0; i < section.length; i++) {
    const c = section[i];
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      literal(section.slice(i + 1, stop));
      i = stop;
    } else if (c === "\\") {
      literal(section[i + 1] ?? "");
      i++;
    } else if (c === "_") {
      literal(" ");
      i++;
    } else if (c === "*") i++;
    else if (c === "[") {
      const end = section.indexOf("]", i);
      if (end < 0) return undefined;
      const inside = section.slice(i + 1, end);
      // [$€-407]: a currency or locale; colours and conditions draw nothing here.
      if (inside.startsWith("$")) literal(inside.slice(1).split("-")[0]);
      else if (/^(h+|m+|s+)$/i.test(inside)) return undefined;
      i = end;
    } else if ("0#?".includes(c) || (c === "." && !afterNumber) || (c === "," && seenNumber && !afterNumber)) {
      if (afterNumber) return undefined;
      pattern += c;
      if (c !== "," && c !== ".") seenNumber = true;
    } else if (c === "%") {
      percent++;
      literal("%");
    } else if (/[a-z@]/i.test(c)) {
      // A date or time part, text (@), scientific notation or General inside a section.
      return undefined;
    } else literal(c);
  }
  if (!seenNumber) return prefix + suffix || undefined;
  // Commas after the last placeholder divide by a thousand each (`#,##0,"K"`).
  const scale = pattern.match(/,+$/);
  if (scale) {
    number /= 1000 ** scale[0].length;
    pattern = pattern.slice(0, -scale[0].length);
  }
  number *= 100 ** percent;
  const [whole, fraction = ""] = pattern.split(".");
  const decimals = fraction.replace(/,/g, "").length;
  const minimumDecimals = (fraction.match(/0/g) || []).length;
  const text = Math.abs(number).toLocaleString("en-US", {
    useGrouping: whole.includes(","),
    minimumFractionDigits: minimumDecimals,
    maximumFractionDigits: decimals,
    minimumIntegerDigits: Math.max(1, (whole.match(/0/g) || []).length),
  });
  const integerPart = text.split(".")[0];
  const shown = (whole.match(/0/g) || []).length === 0 && integerPart === "0" && decimals > 0 ? text.slice(1) : text;
  const negative = number < 0 && Number(shown.replace(/[^0-9.]/g, "")) !== 0;
  return (negative ? "-" : "") + prefix + shown + suffix;
}

// A data labels element's own number format (`<c:numFmt formatCode="0%" sourceLinked="0"/>`); one
// linked to its source follows the series' cells, as the renderer already does.
function plugLabelFormat(labels) {
  const format = labels.child("numFmt");
  if (!format.exists() || format.attr("sourceLinked") === "1") return undefined;
  const code = format.attr("formatCode");
  return code && code !== "General" ? code : undefined;
}
