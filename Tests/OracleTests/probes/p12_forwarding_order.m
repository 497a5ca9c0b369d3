// Rule: an unimplemented selector goes resolveInstanceMethod: -> forwardingTargetForSelector: ->
// methodSignatureForSelector: -> forwardInvocation:. Field guide: jsbridge-iglistkit-uikit-runtime.md D5.
#include "oracle.h"
@interface T : NSObject - (int)bar; @end
@implementation T - (int)bar { SAY("T.bar"); return 7; } @end
@interface F : NSObject @end
@implementation F
+ (BOOL)resolveInstanceMethod:(SEL)s { SAY("+[F resolveInstanceMethod:] %s", sel_getName(s)); return NO; }
- (id)forwardingTargetForSelector:(SEL)s { SAY("-[F forwardingTargetForSelector:] %s", sel_getName(s)); return nil; }
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[F methodSignatureForSelector:] %s", sel_getName(s));
  return [T instanceMethodSignatureForSelector:@selector(bar)];
}
- (void)forwardInvocation:(NSInvocation *)inv
{
  int r = 5;
  SAY("-[F forwardInvocation:] %s", sel_getName([inv selector]));
  [inv setReturnValue:&r];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  F *f = [F new];
  int r = [(T *)f bar];
  SAY("result: %d", r);
  [f release];
  [pool drain];
  return 0;
}
