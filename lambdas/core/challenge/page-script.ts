/**
 * The browser half of the proof of work, as plain ES2017 text. crypto.subtle only exists in secure
 * contexts (https, localhost), so a small SHA-256 is included for pages served over plain http; its
 * round constants are derived from the primes, as the standard defines them, to keep the page small.
 * Exported separately so a unit test can run the fallback against node:crypto.
 */
export const SHA256_FALLBACK_JS = `function sha256(m){
var P=[],K=[],H=[],i,j,n=2;
while(P.length<64){for(j=0;j<P.length&&P[j]*P[j]<=n;j++)if(n%P[j]===0)break;if(j===P.length||P[j]*P[j]>n)P.push(n);n++}
for(i=0;i<64;i++){K[i]=(Math.cbrt(P[i])%1*4294967296)|0;if(i<8)H[i]=(Math.sqrt(P[i])%1*4294967296)|0}
var l=m.length,z=((l+72)>>6)<<6,p=new Uint8Array(z);p.set(m);p[l]=128;
var v=new DataView(p.buffer);v.setUint32(z-4,(l*8)>>>0);v.setUint32(z-8,Math.floor(l/536870912));
var w=new Int32Array(64);
for(var o=0;o<z;o+=64){
for(i=0;i<16;i++)w[i]=v.getInt32(o+i*4);
for(i=16;i<64;i++){var x=w[i-15],y=w[i-2];
w[i]=(w[i-16]+((x>>>7|x<<25)^(x>>>18|x<<14)^(x>>>3))+w[i-7]+((y>>>17|y<<15)^(y>>>19|y<<13)^(y>>>10)))|0}
var a=H[0],b=H[1],c=H[2],d=H[3],e=H[4],f=H[5],g=H[6],h=H[7];
for(i=0;i<64;i++){
var t1=(h+((e>>>6|e<<26)^(e>>>11|e<<21)^(e>>>25|e<<7))+((e&f)^(~e&g))+K[i]+w[i])|0;
var t2=(((a>>>2|a<<30)^(a>>>13|a<<19)^(a>>>22|a<<10))+((a&b)^(a&c)^(b&c)))|0;
h=g;g=f;f=e;e=(d+t1)|0;d=c;c=b;b=a;a=(t1+t2)|0}
H[0]=(H[0]+a)|0;H[1]=(H[1]+b)|0;H[2]=(H[2]+c)|0;H[3]=(H[3]+d)|0;
H[4]=(H[4]+e)|0;H[5]=(H[5]+f)|0;H[6]=(H[6]+g)|0;H[7]=(H[7]+h)|0}
var out=new Uint8Array(32),ov=new DataView(out.buffer);for(i=0;i<8;i++)ov.setInt32(i*4,H[i]);return out}`;

/** Searches nonces in parallel batches of digests and submits the form with the first solution. */
export function solverScript(challenge: string, difficulty: number): string {
  return `(function(){"use strict";
var C=${JSON.stringify(challenge)},D=${difficulty},enc=new TextEncoder();
${SHA256_FALLBACK_JS}
function zeroBits(h){var n=0;for(var i=0;i<h.length;i++){var b=h[i];if(b===0){n+=8;continue}while(!(b&128)){n++;b<<=1}return n}return n}
var subtle=window.crypto&&window.crypto.subtle;
function digest(s){var d=enc.encode(s);return subtle?subtle.digest("SHA-256",d).then(function(x){return new Uint8Array(x)}):Promise.resolve(sha256(d))}
var status=document.getElementById("status");
function step(base){var batch=[],k;for(k=0;k<128;k++)batch.push(digest(C+":"+(base+k)));
return Promise.all(batch).then(function(hs){for(k=0;k<hs.length;k++){if(zeroBits(hs[k])>=D)return base+k}
if(base%16384===0&&status)status.textContent="Checking your browser\\u2026 ("+base+" hashes)";return step(base+128)})}
step(0).then(function(nonce){document.getElementById("nonce").value=String(nonce);document.getElementById("f").submit()},
function(e){if(status)status.textContent="The check failed: "+e})})();`;
}
