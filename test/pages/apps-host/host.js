/* global document, window */
// A minimal MCP Apps host for the browser test, built on ext-apps' AppBridge: it renders
// an app's HTML in a sandboxed frame (scripts only, opaque origin), hands it the tool's
// input and result once the app has initialized, and forwards the app's tools/call to
// the test (window.hostCallTool, which calls the live server with the SDK v2 client).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.mountApp = async (html, title, toolInput, toolResult) => {
  document.getElementById('frame-box').replaceChildren();
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('title', title);
  frame.style.cssText = 'width:100%;height:900px;border:1px solid #888';
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {}, logging: {} });
  bridge.oncalltool = async (params) => window.hostCallTool(JSON.stringify(params)).then((text) => JSON.parse(text));
  bridge.onsizechange = ({ height }) => { if (height) frame.style.height = `${Math.max(300, Math.ceil(height) + 4)}px`; };
  const initialized = new Promise((resolve) => { bridge.oninitialized = () => resolve(); });
  document.getElementById('frame-box').append(frame);
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult);
  window.bridge = bridge;
  return 'mounted';
};
