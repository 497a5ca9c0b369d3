// Rule: invocation.selector = X; [invocation invoke] runs X's IMP with _cmd = X.
// Field guide: method-hooking-libraries.md §0.5.
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)bar; @end
@implementation A
- (void)foo { SAY("foo body _cmd=%s", sel_getName(_cmd)); }
- (void)bar { SAY("bar body _cmd=%s", sel_getName(_cmd)); }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = [A new];
  NSInvocation *inv = [NSInvocation invocationWithMethodSignature:[A instanceMethodSignatureForSelector:@selector(foo)]];
  [inv setTarget:a];
  [inv setSelector:@selector(foo)];
  [inv invoke];
  [inv setSelector:@selector(bar)];
  [inv invoke];
  method_exchangeImplementations(class_getInstanceMethod([A class], @selector(foo)),
                                 class_getInstanceMethod([A class], @selector(bar)));
  SAY("after exchange:");
  [inv invoke];
  [inv setSelector:@selector(foo)];
  [inv invoke];
  [a release];
  [pool drain];
  return 0;
}
