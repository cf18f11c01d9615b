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
    const error = new Error(answer.error);
    error.status = response.status;
    throw error;
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

// A game at the table saved on the server (under --data) with its history: it survives a
// closed tab or a restarted server, and undo steps back through it.
export class SavedGame {
  constructor(game) {
    this.game = game;
    this.key = `${game}-game`;
    this.id = localStorage.getItem(this.key);
  }

  async load() {
    if (!this.id) return null;
    try {
      this.last = await call("GET", `/api/games/${this.id}`, undefined, { quiet: true });
      return this.last.state;
    } catch (error) {
      this.forget();
      return null;
    }
  }

  // Saves ``state`` as the next one (with ``deck``, a Dark Hall game's monster deck, if
  // it changed); a refused state throws (and is not saved).
  async save(state, deck) {
    const body = deck ? { state, deck } : { state };
    if (this.id) {
      try {
        this.last = await call("PUT", `/api/games/${this.id}`, body);
        return;
      } catch (error) {
        if (error.status !== 404) throw error;
        this.forget();
      }
    }
    const made = await call("POST", "/api/games", { game: this.game, ...body });
    this.last = made;
    this.id = made.id;
    localStorage.setItem(this.key, this.id);
  }

  async start(state) {
    this.forget();
    await this.save(state);
  }

  async undo() {
    if (!this.id) return null;
    this.last = await call("POST", `/api/games/${this.id}/undo`);
    return this.last.state;
  }

  // The deck saved with the state now (a Dark Hall game's monster deck), or null.
  get deck() {
    return this.last ? this.last.deck : null;
  }

  forget() {
    this.id = null;
    localStorage.removeItem(this.key);
  }
}

// An exact probability written "p/q" (or "1", "0") as a percentage for people; the
// fraction stays available on request (a title, a tap).
export function percent(fraction) {
  if (fraction === null || fraction === undefined) return "—";
  const [top, bottom = 1] = String(fraction).split("/").map(Number);
  const value = (100 * top) / bottom;
  return `${value >= 99.95 || value === 0 ? value.toFixed(0) : value.toFixed(1)}%`;
}
