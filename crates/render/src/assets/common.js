// Shared by every viewer script: where the file is, a status line and an error box.
const main = document.getElementById("plug-main");
const vendor = main.dataset.vendor;
const fileUrl = main.dataset.src;

function setStatus(text) {
  let status = main.querySelector(".plug-status");
  if (!status) {
    status = document.createElement("p");
    status.className = "plug-status";
    main.prepend(status);
  }
  status.textContent = text;
}

function clearStatus() {
  main.querySelector(".plug-status")?.remove();
}

function fail(title, error) {
  const box = document.createElement("section");
  box.className = "plug-error";
  box.setAttribute("role", "alert");
  const heading = document.createElement("h2");
  heading.textContent = title;
  const hint = document.createElement("p");
  hint.textContent = "The original file can still be downloaded with the button above.";
  box.append(heading, hint);
  if (error) {
    const detail = document.createElement("pre");
    // `plain` errors carry a message written for people; others show their stack.
    const text = error.plain ? error.message : error.stack || error.message;
    detail.textContent = String(text || error);
    box.append(detail);
  }
  main.replaceChildren(box);
  console.error(title, error);
}

async function fetchBytes(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Fetching the file answered ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}
