// The JSON API of companion serve, and the page's words and error line.
export const words = JSON.parse(document.getElementById("words").textContent);
const lang = document.body.dataset.lang;

export async function call(method, url, data, { quiet = false } = {}) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const answer = await response.json();
  if (!response.ok) {
    if (!quiet) showError(answer.error || response.statusText);
    throw new Error(answer.error);
  }
  hideError();
  return answer;
}

export function showError(message) {
  const line = document.getElementById("error");
  line.textContent = `${words.error}: ${message}`;
  line.hidden = false;
}

export function hideError() {
  document.getElementById("error").hidden = true;
}

export function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}
