declare module '*.css';
/** A picture the build publishes beside the scripts: its address. */
declare module '*.svg' {
  const address: string;
  export default address;
}
