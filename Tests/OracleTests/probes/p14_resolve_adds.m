// Rule: +resolveInstanceMethod: that adds the method makes the send succeed; the resolver runs once.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D5.1.
#include "oracle.h"
@interface R : NSObject - (void)dynBar; @end
static void dynBarIMP(id self, SEL _cmd) { SAY("dynBar body _cmd=%s", sel_getName(_cmd)); }
@implementation R
+ (BOOL)resolveInstanceMethod:(SEL)s
{
  SAY("+[R resolveInstanceMethod:] %s", sel_getName(s));
  if (sel_isEqual(s, @selector(dynBar)))
    return class_addMethod(self, s, (IMP)dynBarIMP, "v@:");
  return NO;
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  R *r = [R new];
  [r dynBar];
  [r dynBar];
  SAY("responds to dynBar: %s", YESNO([r respondsToSelector:@selector(dynBar)]));
  [r release];
  [pool drain];
  return 0;
}
