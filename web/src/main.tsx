import { render } from 'preact';
import { App } from './app.js';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

const root = document.getElementById('app');
if (root !== null) {
  root.textContent = '';
  render(<App />, root);
}
