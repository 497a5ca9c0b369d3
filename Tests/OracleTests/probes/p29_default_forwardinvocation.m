// Rule: with a signature but NSObject's default forwardInvocation:, the message ends in
// doesNotRecognizeSelector:, which raises. Field guide: jsbridge-iglistkit-uikit-runtime.md D5.2c-d.
#include "oracle.h"
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface S : NSObject @end
@implementation S
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[S methodSignatureForSelector:] %s", sel_getName(s));
  return [T instanceMethodSignatureForSelector:@selector(bar)];
}
- (void)doesNotRecognizeSelector:(SEL)s
{
  SAY("-[S doesNotRecognizeSelector:] %s", sel_getName(s));
  [super doesNotRecognizeSelector:s];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  S *s = [S new];
  TRY("s bar", [(T *)s bar]);
  [s release];
  [pool drain];
  return 0;
}
