// The map locale → messages URL, made by ./vitePlugin.ts.
declare module 'virtual:i18n-messages' {
  const urls: Readonly<Record<string, string>>;
  export default urls;
}
